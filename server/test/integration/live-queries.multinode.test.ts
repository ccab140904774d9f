import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { callFunction } from '../helpers/http';
import { noteFunctions } from '../helpers/notes';
import { connect, fetchToken, LiveQueryRecorder, type TestSocket } from '../helpers/realtime';

// Two nodes behind one load balancer: the same PostgreSQL database and the same Redis prefix.
describe('live queries across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;
  let socket: TestSocket;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = { DATABASE_URL: database.url, REDIS_PREFIX: randomRedisPrefix() };
    [nodeA, nodeB] = await Promise.all([
      startTestApp(shared, { functions: noteFunctions }),
      startTestApp(shared, { functions: noteFunctions }),
    ]);
  });

  afterAll(async () => {
    socket?.close();
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it('share one token signing key: a token from node B opens a connection on node A', async () => {
    const { token } = await fetchToken(nodeB);
    socket = await connect(nodeA, token);
    expect(socket.connected).toBe(true);
  });

  it('refresh a live query on node A after a mutation called on node B', async () => {
    const live = new LiveQueryRecorder(socket);
    expect(await live.subscribe('shared', 'notes.get', { name: 'shared' })).toEqual({
      kind: 'value',
      value: null,
    });
    const changed = live.next('shared');
    const res = await callFunction(nodeB, 'mutation', 'notes.set', {
      name: 'shared',
      value: 'from B',
    });
    expect(res.status).toBe(200);
    expect(await changed).toEqual({ kind: 'value', value: 'from B' });
  });
});
