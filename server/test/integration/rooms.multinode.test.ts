import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_LIMITS, type AddedNotice, type RoomListResult } from '@music-rooms/domain';
import { DEFAULT_ROOM_TIMINGS } from '../../src/config';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, randomAddress, sessionClient } from '../helpers/factories';
import { join, tabSocket, watchActiveUsers } from '../helpers/presence';
import { LiveQueryRecorder, type TestSocket } from '../helpers/realtime';
import { createRoom } from '../helpers/rooms';

// Two nodes behind one load balancer: one PostgreSQL database, one Redis prefix. Entries are
// renewed often and lapse soon, so that a node which stops renewing is forgotten quickly.
describe('rooms across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = {
      DATABASE_URL: database.url,
      REDIS_PREFIX: randomRedisPrefix(),
      TRUST_PROXY: 'true',
    };
    const rooms = { ...DEFAULT_ROOM_TIMINGS, presenceHeartbeatMs: 100, presenceEntryTtlMs: 500 };
    [nodeA, nodeB] = await Promise.all([
      startTestApp(shared, { config: { rooms } }),
      startTestApp(shared, { config: { rooms } }),
    ]);
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

  it('count a user once across nodes, and drop them 1 s after their last tab left', async () => {
    const { user, client } = await factories(nodeA).signedInUser({ password: null });
    const room = await createRoom(nodeA, { owner: user });
    const watcher = await watchActiveUsers(await open(nodeA), room.id);
    const onA = await open(nodeA, client);
    const onB = await open(nodeB, client);
    expect(await join(onA, room.id)).toBe(true);
    expect(await join(onB, room.id)).toBe(true);
    const guestOnB = await open(nodeB);
    expect(await join(guestOnB, room.id, { session_id: 'guest' })).toBe(true);
    await watcher.until(2);
    onA.close();
    guestOnB.close();
    await watcher.until(1);
    onB.emit('presence:leave', { roomId: room.id });
    await watcher.until(0);
  });

  it('forget the sockets of a node that stopped renewing them', async () => {
    const { user } = await factories(nodeA).user({ password: null });
    const room = await createRoom(nodeA, { owner: user });
    const watcher = await watchActiveUsers(await open(nodeA), room.id);
    expect(await join(await open(nodeB), room.id, { session_id: 'lost' })).toBe(true);
    await watcher.until(1);
    // Node B hangs: its heartbeat stops, its socket stays open, node A sweeps its entry away.
    nodeB.app.roomRuntime.presence.stop();
    await watcher.until(0);
  });

  it('share one password attempt counter', async () => {
    const { user } = await factories(nodeA).user({ password: null });
    const room = await createRoom(nodeA, { owner: user, password: 'pw' });
    const address = randomAddress();
    const on = (node: TestApp) =>
      sessionClient(node.url, { headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < ROOM_LIMITS.passwordAttemptsPerMinute; i++) {
      const node = i % 2 === 0 ? nodeA : nodeB;
      const res = await on(node).call('rooms.checkPassword', {
        room_url: room.roomUrl,
        password: 'guess',
      });
      expect(res.body.value).toEqual({ valid: false });
    }
    const blocked = await on(nodeB).call('rooms.checkPassword', {
      room_url: room.roomUrl,
      password: 'pw',
    });
    expect(blocked.body.errorData.code).toBe('rate_limited');
  });

  it('share one count of the people a user tries to add, and tell the added person live', async () => {
    const { user, client: onA } = await factories(nodeA).signedInUser({ password: null });
    const added = await factories(nodeA).signedInUser({ password: null });
    const onB = await clientFor(nodeB, user);
    const room = await createRoom(nodeA, { owner: user });
    const live = new LiveQueryRecorder(await open(nodeB, added.client));
    await live.subscribe('notices', 'rooms.getAddedNotices', {});
    const ok = await onA.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: added.user.email,
      role: 'viewer',
    });
    expect(ok.status).toBe(200);
    await live.until('notices', (v) => (v as AddedNotice[])[0]?.roomId === room.id);
    for (let i = 1; i < ROOM_LIMITS.addUserAttempts; i++) {
      const res = await (i % 2 === 0 ? onA : onB).call('rooms.addUser', {
        roomId: room.id,
        usernameOrEmail: `nobody-${i}`,
        role: 'viewer',
      });
      expect(res.body.errorData.code).toBe('not_found');
    }
    const blocked = await onB.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: 'nobody-else',
      role: 'viewer',
    });
    expect(blocked.body.errorData.code).toBe('rate_limited');
  });

  it('refresh a list watched on node A when a room is created on node B', async () => {
    const live = new LiveQueryRecorder(await open(nodeA));
    await live.subscribe('list', 'rooms.getPublicRoomsWithAuthors', { search: 'cross node' });
    const { client } = await factories(nodeB).signedInUser({ password: null });
    await client.call('rooms.create', { name: 'Cross node room', room_url: 'cross-node-room' });
    const value = await live.until('list', (v) => (v as RoomListResult).total === 1);
    expect((value as RoomListResult).rooms[0]?.name).toBe('Cross node room');
  });
});
