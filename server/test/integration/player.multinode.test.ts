import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asRoomId } from '@music-rooms/domain';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { clientFor } from '../helpers/factories';
import { command, livePlayer, shortTracks } from '../helpers/player';
import { join, tabSocket } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { createRoom, newRoomPerson } from '../helpers/rooms';

// Two nodes behind one load balancer: one PostgreSQL database, one Redis prefix.
describe('the player across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = { DATABASE_URL: database.url, REDIS_PREFIX: randomRedisPrefix() };
    [nodeA, nodeB] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  async function open(node: TestApp, client?: Parameters<typeof tabSocket>[1]) {
    const socket = await tabSocket(node, client);
    sockets.push(socket);
    return socket;
  }

  it('a command on one node reaches a listener on the other, and so does the advance', async () => {
    const owner = await newRoomPerson(nodeA);
    const room = await createRoom(nodeA, { owner: owner.user });
    const roomId = asRoomId(room.id);
    const [first, second] = await shortTracks(nodeA, room, [300, 60_000]);
    const onB = await livePlayer(await open(nodeB), roomId);
    const playing = await command(owner.client, roomId, 0, { type: 'play' });
    const heard = await onB.until((view) => view.state.revision === playing.revision);
    expect(heard.state).toEqual(playing);
    expect(heard.track?._id).toBe(first!.id);
    // The timer runs on whichever node claims it; node B's listener hears the next track.
    const advanced = await onB.until((view) => view.state.trackId === second!.id);
    expect(advanced.state.atServerMs).toBe(playing.atServerMs + 300);
  });

  it('broadcasts a change to the listeners of both nodes, and nothing to one removed on the other', async () => {
    const owner = await newRoomPerson(nodeA);
    const staying = await newRoomPerson(nodeA);
    const removed = await newRoomPerson(nodeA);
    const room = await createRoom(nodeA, {
      owner: owner.user,
      visibility: 'inviteOnly',
      members: [
        { user: staying.user, role: 'participant' },
        { user: removed.user, role: 'participant' },
      ],
    });
    const roomId = asRoomId(room.id);
    await shortTracks(nodeA, room, [60_000]);
    const onA = await livePlayer(await open(nodeA, await clientFor(nodeA, staying.user)), roomId);
    const onB = await livePlayer(await open(nodeB, await clientFor(nodeB, staying.user)), roomId);
    const removedSocket = await open(nodeA, await clientFor(nodeA, removed.user));
    const removedOnA = await livePlayer(removedSocket, roomId);
    const res = await owner.client.call('rooms.removeUser', { roomId, userId: removed.user.id });
    expect(res.body.status).toBe('success');
    await removedOnA.untilError();
    const broadcastsBefore = removedOnA.sharedMessages();
    const played = await command(owner.client, roomId, onA.latest().state.revision, {
      type: 'play',
    });
    for (const live of [onA, onB]) {
      await live.until((view) => view.state.revision === played.revision);
      expect(live.sharedMessages()).toBeGreaterThanOrEqual(1);
    }
    await removedSocket.timeout(5000).emitWithAck('clock:ping');
    expect(removedOnA.sharedMessages()).toBe(broadcastsBefore);
    expect(removedOnA.messages().at(-1)?.kind).toBe('error');
  });

  it('elects the host from the people present on every node', async () => {
    const owner = await newRoomPerson(nodeA);
    const editor = await newRoomPerson(nodeA);
    const room = await createRoom(nodeA, {
      owner: owner.user,
      members: [{ user: editor.user, role: 'editor' }],
    });
    const roomId = asRoomId(room.id);
    const onA = await livePlayer(await open(nodeA), roomId);
    expect(await join(await open(nodeB, await clientFor(nodeB, editor.user)), roomId)).toBe(true);
    await onA.until((view) => view.hostId === editor.user.id);
    const ownerTab = await open(nodeB, await clientFor(nodeB, owner.user));
    expect(await join(ownerTab, roomId)).toBe(true);
    await onA.until((view) => view.hostId === owner.user.id);
    ownerTab.close();
    await onA.until((view) => view.hostId === editor.user.id);
  });
});
