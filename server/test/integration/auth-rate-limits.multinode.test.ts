import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_ROUTES } from '@music-rooms/domain';
import { AUTH_RATE_LIMITS } from '../../src/services/accounts/rate-limits';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { factories, sessionClient } from '../helpers/factories';

// Two nodes behind one load balancer: the counters are in the shared Redis, not in a node.
describe('rate limits across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = { DATABASE_URL: database.url, REDIS_PREFIX: randomRedisPrefix() };
    [nodeA, nodeB] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });

  afterAll(async () => {
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it('count sign-in attempts made on node A when node B answers', async () => {
    const { user, password } = await factories(nodeA).user();
    for (let i = 0; i < AUTH_RATE_LIMITS.login.perAccount.max; i++) {
      const res = await sessionClient(nodeA.url).post(AUTH_ROUTES.login, {
        emailOrUsername: user.email,
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    const onB = await sessionClient(nodeB.url).post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password,
    });
    expect(onB).toMatchObject({
      status: 429,
      body: { statusMessage: AUTH_ERRORS.tooManyRequests },
    });
  });
});
