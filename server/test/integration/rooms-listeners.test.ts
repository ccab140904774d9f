import { asRoomId, type Listener } from '@music-rooms/domain';
import { describe, expect, test as it } from '../helpers/fixtures';
import { clientFor } from '../helpers/factories';
import { heardActivity, liveListeners } from '../helpers/listeners';
import { command, shortTracks } from '../helpers/player';
import { join, tabSocket } from '../helpers/presence';
import { createRoom } from '../helpers/rooms';

const byName = (listeners: Listener[], name: string) =>
  listeners.find((listener) => listener.user?.name === name);

describe('the listeners panel and the activity line', () => {
  it('lists who is in, with role, host and how their page plays, live', async ({ t, f }) => {
    const { user: owner } = await f.user({ password: null, name: 'Olga' });
    const { user: editor } = await f.user({ password: null, name: 'Pat' });
    const room = await createRoom(t, { owner, members: [{ user: editor, role: 'editor' }] });
    const roomId = asRoomId(room.id);
    const ownerTab = await tabSocket(t, await clientFor(t, owner));
    expect(await join(ownerTab, roomId)).toBe(true);
    const panel = await liveListeners(ownerTab, roomId);

    const editorTab = await tabSocket(t, await clientFor(t, editor));
    expect(await join(editorTab, roomId)).toBe(true);
    const arrived = await panel.until((list) => byName(list, 'Pat') !== undefined);
    expect(arrived.map((l) => [l.user?.name, l.role, l.isHost, l.status])).toEqual([
      ['Olga', 'owner', true, 'offline'],
      ['Pat', 'editor', false, 'offline'],
    ]);

    editorTab.emit('presence:sync', { roomId, state: 'inSync', offsetMs: 2.44 });
    const synced = await panel.until((list) => byName(list, 'Pat')?.status === 'inSync');
    expect(byName(synced, 'Pat')?.offsetMs).toBe(2.4);
    editorTab.emit('presence:sync', { roomId, state: 'blocked', offsetMs: null });
    await panel.until((list) => byName(list, 'Pat')?.status === 'blocked');

    editorTab.close();
    await panel.until((list) => byName(list, 'Pat') === undefined);
  });

  it('is for members only, and ignores reports of a page not in the room', async ({ t, f }) => {
    const { user: owner } = await f.user({ password: null });
    const room = await createRoom(t, { owner });
    const roomId = asRoomId(room.id);
    const stranger = await f.signedInUser({ password: null });
    const res = await stranger.client.call('rooms.listeners', { roomId });
    expect(res.body).toMatchObject({ status: 'error', errorData: { code: 'forbidden' } });
    const guest = await f.guest().call('rooms.listeners', { roomId });
    expect(guest.body).toMatchObject({ status: 'error' });

    const ownerTab = await tabSocket(t, await clientFor(t, owner));
    await join(ownerTab, roomId);
    const panel = await liveListeners(ownerTab, roomId);
    const outsider = await tabSocket(t, stranger.client);
    outsider.emit('presence:sync', { roomId, state: 'inSync', offsetMs: 1 });
    ownerTab.emit('presence:sync', { roomId, state: 'syncing', offsetMs: null });
    const list = await panel.until((l) => l[0]?.status === 'syncing');
    expect(list).toHaveLength(1);
  });

  it('tells the members present who came in and who skipped, and strangers nothing more', async ({
    t,
    f,
  }) => {
    const { user: owner } = await f.user({ password: null, name: 'Ann' });
    const { user: member } = await f.user({ password: null, name: 'Lee' });
    // Everyone controls playback here, so the member may skip while the owner hosts.
    const room = await createRoom(t, {
      owner,
      members: [{ user: member, role: 'participant' }],
      playbackControl: 'everyone',
    });
    const roomId = asRoomId(room.id);
    const [, second] = await shortTracks(t, room, [60_000, 60_000]);
    const ownerTab = await tabSocket(t, await clientFor(t, owner));
    await join(ownerTab, roomId);
    const activity = heardActivity(ownerTab);
    // A stranger's page in this public room may look, but hears nothing of the members.
    const strangerTab = await tabSocket(t);
    await join(strangerTab, roomId);
    const strangerHeard = heardActivity(strangerTab);

    const memberClient = await clientFor(t, member);
    await join(await tabSocket(t, memberClient), roomId);
    const joined = await activity.until((a) => a.kind === 'joined' && a.actor.name !== null);
    expect(joined.actor).toEqual({ key: member.id, name: 'Lee' });

    const playing = await command(memberClient, roomId, 0, { type: 'play' });
    await command(memberClient, roomId, playing.revision, { type: 'next' });
    const skipped = await activity.until((a) => a.kind === 'skipped');
    expect(skipped).toMatchObject({ actor: { name: 'Lee' }, track: { _id: second!.id } });
    expect(strangerHeard.heard.filter((a) => a.kind !== 'joined')).toEqual([]);
  });
});
