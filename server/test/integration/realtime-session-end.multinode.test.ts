import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ROUTES, REALTIME_TOKEN_PATH, type RealtimeToken } from '@music-rooms/domain';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, type SessionClient } from '../helpers/factories';
import { callFunction } from '../helpers/http';
import { connect, endOf, type TestSocket } from '../helpers/realtime';

const tokenOf = async (client: SessionClient) =>
  (await client.get<RealtimeToken>(REALTIME_TOKEN_PATH)).body.token;

const asBearer = (node: TestApp, token: string) =>
  callFunction(node, 'query', 'system.serverTime', {}, { authorization: `Bearer ${token}` });

// Two nodes behind one load balancer: the same PostgreSQL database and the same Redis prefix.
describe('ending a session across nodes', () => {
  let database: TestDatabase;
  let nodeA: TestApp;
  let nodeB: TestApp;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const shared = { DATABASE_URL: database.url, REDIS_PREFIX: randomRedisPrefix() };
    [nodeA, nodeB] = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  async function open(node: TestApp, token: string) {
    const socket = await connect(node, token);
    sockets.push(socket);
    return socket;
  }

  it("signing out on node A closes the session's socket on node B and refuses its token there", async () => {
    const { client } = await factories(nodeA).signedInUser();
    const token = await tokenOf(client);
    // Node B has checked the session and believes it live.
    expect((await asBearer(nodeB, token)).status).toBe(200);
    const ended = endOf(await open(nodeB, token));

    expect((await client.fetch(AUTH_ROUTES.session, { method: 'DELETE' })).status).toBe(200);

    expect(await ended).toMatchObject({ code: 'session_ended' });
    expect(await asBearer(nodeB, token)).toMatchObject({
      status: 401,
      body: { code: 'session_ended' },
    });
  });

  it('signing out on node A makes its cookie a guest on node B, which knew it, as soon as B hears of it', async () => {
    const { user, client } = await factories(nodeA).signedInUser();
    const cookie = client.cookie();
    const whoAmI = (node: TestApp) =>
      callFunction(node, 'query', 'rooms.getUserRoomsWithAuthors', { userId: user.id }, { cookie });
    // Node B has looked the cookie up and remembers whose it is.
    expect((await whoAmI(nodeB)).status).toBe(200);

    expect((await client.fetch(AUTH_ROUTES.session, { method: 'DELETE' })).status).toBe(200);

    // The sign-out reaches B over Redis pub/sub: a busy machine may take a moment to deliver it,
    // far less than the minute B would otherwise trust what it read.
    await expect
      .poll(async () => (await whoAmI(nodeB)).body, { timeout: 2_000, interval: 20 })
      .toMatchObject({ errorData: { code: 'not_signed_in' } });
  });

  it("a password change on node A closes the other session's socket on node B, not the changer's", async () => {
    const { user, password, client } = await factories(nodeA).signedInUser();
    const elsewhere = await clientFor(nodeB, user);
    const changer = await open(nodeB, await tokenOf(client));
    const otherToken = await tokenOf(elsewhere);
    const ended = endOf(await open(nodeB, otherToken));

    const res = await client.post(AUTH_ROUTES.changePassword, {
      userId: user.id,
      currentPassword: password,
      newPassword: 'changed-pass-2',
    });
    expect(res.status).toBe(200);

    expect(await ended).toMatchObject({ code: 'session_ended' });
    expect((await asBearer(nodeB, otherToken)).status).toBe(401);
    expect(typeof (await changer.timeout(2000).emitWithAck('clock:ping'))).toBe('number');
  });
});
