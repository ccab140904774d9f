import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asRoomId, type PlayerView } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { clientFor } from '../helpers/factories';
import { command, livePlayer, shortTracks } from '../helpers/player';
import { tabSocket } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { createRoom, newRoomPerson } from '../helpers/rooms';

type LivePlayer = Awaited<ReturnType<typeof livePlayer>>;

/**
 * A player change goes to every listener with the same rights as one broadcast; a listener
 * whose rights change or end is moved off it first, told as before, and hears nothing more.
 */
describe('the player fan-out', () => {
  let t: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => t?.close());

  async function listen(person?: Parameters<typeof clientFor>[1]) {
    const client = person ? await clientFor(t, person) : undefined;
    const socket = await tabSocket(t, client);
    sockets.push(socket);
    return socket;
  }

  /** A round trip on the socket: whatever the server sent it before has arrived. */
  const settled = (socket: TestSocket) => socket.timeout(5000).emitWithAck('clock:ping');

  async function roomWithTrack(visibility: 'public' | 'inviteOnly') {
    const owner = await newRoomPerson(t);
    const first = await newRoomPerson(t);
    const second = await newRoomPerson(t);
    const room = await createRoom(t, {
      owner: owner.user,
      visibility,
      members: [
        { user: first.user, role: 'participant' },
        { user: second.user, role: 'participant' },
      ],
    });
    await shortTracks(t, room, [60_000]);
    return { owner, first, second, roomId: asRoomId(room.id) };
  }

  const revisionOf = (live: LivePlayer) => live.latest().state.revision;
  const heard = (live: LivePlayer, revision: number) =>
    live.until((view) => view.state.revision === revision);
  /** What reached the socket since `mark`: values for the query and broadcasts of any channel. */
  const mark = (live: LivePlayer) => ({
    seen: live.messages().length,
    shared: live.sharedMessages(),
  });
  const heardSince = (live: LivePlayer, since: ReturnType<typeof mark>) => ({
    values: live
      .messages()
      .slice(since.seen)
      .filter((message) => message.kind === 'value'),
    broadcasts: live.sharedMessages() - since.shared,
  });
  const nothing = { values: [], broadcasts: 0 };

  it('reaches every listener, each with its own rights, as one broadcast per set of rights', async () => {
    const { owner, first, roomId } = await roomWithTrack('public');
    const guests = await Promise.all([1, 2, 3].map(async () => livePlayer(await listen(), roomId)));
    const member = await livePlayer(await listen(first.user), roomId);
    const played = await command(owner.client, roomId, revisionOf(member), { type: 'play' });
    for (const guest of guests) {
      const view = await heard(guest, played.revision);
      expect(view).toMatchObject({ state: played, canControl: false, canHandOver: false });
      expect(guest.sharedMessages()).toBeGreaterThanOrEqual(1);
    }
    const view = await heard(member, played.revision);
    expect(view).toMatchObject({ state: played, canControl: true, canHandOver: false });
    expect(member.sharedMessages()).toBeGreaterThanOrEqual(1);
  });

  it('tells a member removed from an invite-only room, then sends them nothing', async () => {
    const { owner, first, second, roomId } = await roomWithTrack('inviteOnly');
    const removedSocket = await listen(first.user);
    const removed = await livePlayer(removedSocket, roomId);
    const staying = await livePlayer(await listen(second.user), roomId);
    const revision = revisionOf(staying);
    const res = await owner.client.call('rooms.removeUser', { roomId, userId: first.user.id });
    expect(res.body.status).toBe('success');
    await removed.untilError();
    const since = mark(removed);
    const played = await command(owner.client, roomId, revision, { type: 'play' });
    await heard(staying, played.revision);
    await settled(removedSocket);
    expect(heardSince(removed, since)).toEqual(nothing);
  });

  it('tells guests when a public room becomes invite-only, then sends them nothing', async () => {
    const { owner, first, roomId } = await roomWithTrack('public');
    const guestSocket = await listen();
    const guest = await livePlayer(guestSocket, roomId);
    const member = await livePlayer(await listen(first.user), roomId);
    const res = await owner.client.call('rooms.update', { id: roomId, visibility: 'inviteOnly' });
    expect(res.body.status).toBe('success');
    await guest.untilError();
    const since = mark(guest);
    const played = await command(owner.client, roomId, revisionOf(member), { type: 'play' });
    await heard(member, played.revision);
    await settled(guestSocket);
    expect(heardSince(guest, since)).toEqual(nothing);
  });

  it('moves a listener whose role changed to the broadcasts of their new rights', async () => {
    const { owner, first, second, roomId } = await roomWithTrack('public');
    const demoted = await livePlayer(await listen(first.user), roomId);
    const participant = await livePlayer(await listen(second.user), roomId);
    const res = await owner.client.call('rooms.updateUserRole', {
      roomId,
      userId: first.user.id,
      role: 'viewer',
    });
    expect(res.body.status).toBe('success');
    await demoted.until((view) => !view.canControl);
    const played = await command(owner.client, roomId, revisionOf(participant), { type: 'play' });
    const views: PlayerView[] = [await heard(demoted, played.revision)];
    views.push(await heard(participant, played.revision));
    expect(views.map((view) => view.canControl)).toEqual([false, true]);
  });

  it('stops sending to a query once it is unsubscribed, while the rest still hear', async () => {
    const { owner, roomId } = await roomWithTrack('public');
    const leavingSocket = await listen();
    const leaving = await livePlayer(leavingSocket, roomId);
    // A guest too: the same rights, so the same broadcasts as the one who leaves.
    const staying = await livePlayer(await listen(), roomId);
    await leavingSocket.emitWithAck('unsubscribe', { id: 'player' });
    const since = mark(leaving);
    const played = await command(owner.client, roomId, revisionOf(staying), { type: 'play' });
    await heard(staying, played.revision);
    expect(staying.sharedMessages()).toBeGreaterThanOrEqual(1);
    await settled(leavingSocket);
    expect(heardSince(leaving, since)).toEqual(nothing);
  });
});
