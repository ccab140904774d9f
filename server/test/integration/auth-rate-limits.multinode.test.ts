import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_ROUTES, ROOM_ERRORS } from '@music-rooms/domain';
import { SIGN_IN_BACKOFF } from '../../src/services/accounts/sign-in-throttle';
import { ROOM_GUESS_BACKOFF } from '../../src/services/rooms/gate';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { factories, randomAddress, sessionClient } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';

// Two nodes behind one load balancer: the counters are in the shared Redis, not in a node.
describe('rate limits across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = {
      DATABASE_URL: database.url,
      REDIS_PREFIX: randomRedisPrefix(),
      TRUST_PROXY: 'true',
    };
    [nodeA, nodeB] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  const from = (node: TestApp, address: string) =>
    sessionClient(node.url, { headers: { 'x-forwarded-for': address } });

  it('tries of one address on both nodes add up to one wait; the owner gets in', async () => {
    const { user, password } = await factories(nodeA).user();
    const attacker = randomAddress();
    // Both nodes count the same tries: half of them reach each node.
    for (let i = 0; i <= SIGN_IN_BACKOFF.free; i++) {
      const res = await from(i % 2 === 0 ? nodeA : nodeB, attacker).post(AUTH_ROUTES.login, {
        emailOrUsername: user.email,
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    const onB = await from(nodeB, attacker).post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password,
    });
    expect(onB).toMatchObject({
      status: 429,
      body: { statusMessage: AUTH_ERRORS.tooManyRequests },
    });
    const owner = await from(nodeB, randomAddress()).post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password,
    });
    expect(owner.status).toBe(200);
  });

  it("guesses at a room's password on node A make node B wait too", async () => {
    const owner = (await factories(nodeA).user({ password: null })).user;
    const room = await createRoom(nodeA, { owner, password: 'right one' });
    const guess = (node: TestApp) =>
      from(node, randomAddress()).call('rooms.checkPassword', {
        room_url: room.roomUrl,
        password: 'guess',
      });
    for (let i = 0; i <= ROOM_GUESS_BACKOFF.free; i++) {
      expect((await guess(nodeA)).body.value).toEqual({ valid: false });
    }
    expect((await guess(nodeB)).body.errorData).toMatchObject({
      code: 'rate_limited',
      key: ROOM_ERRORS.tooManyAttempts,
    });
  });
});
