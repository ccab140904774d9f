import { asRoomId, ROOM_SOUND_LIMITS, type RoomSound } from '@music-rooms/domain';
import { describe, expect, test as it } from '../helpers/fixtures';
import { clientFor } from '../helpers/factories';
import { join, tabSocket } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { createRoom } from '../helpers/rooms';

/** The next sound the page is told to play. */
const nextSound = (socket: TestSocket) =>
  new Promise<RoomSound>((resolve) => socket.once('player:sound', resolve));

describe('sounds every page of a room plays at one instant', () => {
  it('tells every page present the same instant for a test click, a guest page too', async ({
    t,
    f,
  }) => {
    const { user: owner } = await f.user({ password: null, name: 'Ann' });
    const room = await createRoom(t, { owner });
    const roomId = asRoomId(room.id);
    const ownerClient = await clientFor(t, owner);
    const ownerTab = await tabSocket(t, ownerClient);
    const guestTab = await tabSocket(t);
    expect(await join(ownerTab, roomId)).toBe(true);
    expect(await join(guestTab, roomId)).toBe(true);

    const heard = Promise.all([nextSound(ownerTab), nextSound(guestTab)]);
    const res = await ownerClient.call('player.testSound', { roomId });
    const { at } = (res.body as { value: { at: number } }).value;
    const [onOwner, onGuest] = await heard;
    expect(onOwner).toEqual({ kind: 'test', roomId, at, by: 'Ann' });
    expect(onGuest).toEqual(onOwner);
  });

  it('refuses who may not view the room, and a person asking too often', async ({ t, f }) => {
    const { user: owner } = await f.user({ password: null });
    const closed = await createRoom(t, { owner, visibility: 'inviteOnly' });
    const stranger = await f.signedInUser({ password: null });
    const refused = await stranger.client.call('player.testSound', { roomId: closed.id });
    expect(refused.body).toMatchObject({ status: 'error', errorData: { code: 'unavailable' } });

    const open = await createRoom(t, { owner });
    for (let i = 0; i < ROOM_SOUND_LIMITS.sounds; i += 1) {
      const res = await stranger.client.call('player.testSound', { roomId: open.id });
      expect(res.body).toMatchObject({ status: 'success' });
    }
    const limited = await stranger.client.call('player.testSound', { roomId: open.id });
    expect(limited.body).toMatchObject({ status: 'error', errorData: { code: 'rate_limited' } });
  });

  it('plans a calibration round of the pages in sync and not muted, each told its own chirp', async ({
    t,
    f,
  }) => {
    const { user: owner } = await f.user({ password: null });
    const room = await createRoom(t, { owner });
    const roomId = asRoomId(room.id);
    const ownerClient = await clientFor(t, owner);
    const [listening, inSync, finding, muted] = await Promise.all([
      tabSocket(t, ownerClient),
      tabSocket(t),
      tabSocket(t),
      tabSocket(t),
    ]);
    for (const tab of [listening, inSync, finding, muted]) {
      expect(await join(tab, roomId)).toBe(true);
    }
    // The muted page reports first: by the time the page in sync is heard of, so is it.
    muted.emit('presence:sync', { roomId, state: 'inSync', offsetMs: 0.2, muted: true });
    inSync.emit('presence:sync', { roomId, state: 'inSync', offsetMs: 0.4, muted: false });
    finding.emit('presence:sync', { roomId, state: 'syncing', offsetMs: null });
    listening.emit('presence:sync', { roomId, state: 'inSync', offsetMs: 0.1 });
    const told = nextSound(inSync);
    const firstOnMuted = nextSound(muted);

    let plan = { own: { at: 0, chirp: 0 }, others: [] as { at: number; chirp: number }[] };
    // The reports reach the server in their own time: ask until the page in sync takes part.
    await expect
      .poll(async () => {
        const res = await ownerClient.call('player.calibrate', { roomId, socketId: listening.id });
        plan = (res.body as { value: typeof plan }).value;
        return plan.others.length;
      })
      .toBe(1);
    expect(await told).toEqual({ kind: 'chirp', roomId, ...plan.others[0] });
    expect(plan.others[0]!.chirp).not.toBe(plan.own.chirp);
    expect(plan.others[0]!.at).toBeGreaterThan(plan.own.at);
    // A page hears its sounds in the order they were told: the muted one, no chirp before this
    // test click, which it is told as every page present is (and does not play, being muted).
    await ownerClient.call('player.testSound', { roomId });
    expect(await firstOnMuted).toMatchObject({ kind: 'test' });
  });
});
