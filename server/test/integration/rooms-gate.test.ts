import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ROOM_ERRORS, ROOM_LIMITS, type RoomInfo, type RoomId } from '@music-rooms/domain';
import { DEFAULT_ROOM_TIMINGS } from '../../src/config';
import { roomAccessTokens } from '../../src/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories, randomAddress, sessionClient } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';
import type { RoomRow } from '../../src/services/rooms/store';

const PASSWORD = 'let me in';
const ADMIN_KEY = 'admin-key-for-tests';

/** A guest browser tab: its own address (TRUST_PROXY is on) and session id. */
function tab(t: TestApp, sessionId = `tab-${Math.random()}`) {
  const client = sessionClient(t.url, { headers: { 'x-forwarded-for': randomAddress() } });
  return { client, sessionId };
}

async function protectedRoom(t: TestApp): Promise<RoomRow> {
  const owner = (await factories(t).user({ password: null })).user;
  return createRoom(t, { owner, password: PASSWORD });
}

async function protectedRoomWithOwner(t: TestApp) {
  const { user, client } = await factories(t).signedInUser({ password: null });
  return { room: await createRoom(t, { owner: user, password: PASSWORD }), owner: client };
}

const tokenCount = async (t: TestApp, roomId: RoomId) =>
  (
    await t.app.database.db
      .select({ n: count() })
      .from(roomAccessTokens)
      .where(eq(roomAccessTokens.roomId, roomId))
  )[0]?.n ?? 0;

describe('password gate', () => {
  let t: TestApp;
  beforeAll(async () => (t = await startTestApp({ TRUST_PROXY: 'true', ADMIN_KEY })));
  afterAll(async () => t?.close());

  it('check, pass, view: the token opens the room for its tab only', async () => {
    const room = await protectedRoom(t);
    const { client, sessionId } = tab(t);
    const info = await client.call<{ value: RoomInfo }>('rooms.getRoomInfoByUrl', {
      room_url: room.roomUrl,
    });
    expect(info.body.value).toMatchObject({ room: null, requiresPassword: true, roomExists: true });
    const wrong = await client.call('rooms.checkPassword', {
      room_url: room.roomUrl,
      password: 'nope',
    });
    expect(wrong.body.value).toEqual({ valid: false });
    const right = await client.call('rooms.checkPassword', {
      room_url: room.roomUrl,
      password: PASSWORD,
    });
    expect(right.body.value).toEqual({ valid: true });
    const refused = await client.call('rooms.generateAccessToken', {
      room_url: room.roomUrl,
      password: 'nope',
      session_id: sessionId,
    });
    expect(refused.body.errorData.key).toBe(ROOM_ERRORS.wrongPassword);
    expect(refused.body.errorData.field).toBe('password');
    expect(refused.body.errorMessage).toBe('Wrong password');
    expect(await tokenCount(t, room.id)).toBe(0);

    const issued = await client.call<{ value: { token: string; expiresAt: number } }>(
      'rooms.generateAccessToken',
      { room_url: room.roomUrl, password: PASSWORD, session_id: sessionId },
    );
    const { token } = issued.body.value;
    const pass = { accessToken: token, session_id: sessionId };
    expect((await client.call('rooms.get', { id: room.id, ...pass })).body.value).toMatchObject({
      _id: room.id,
      capabilities: ['room.view'],
    });
    const withPass = await client.call<{ value: RoomInfo }>('rooms.getRoomInfoByUrl', {
      room_url: room.roomUrl,
      ...pass,
    });
    expect(withPass.body.value).toMatchObject({ requiresPassword: false, room: { _id: room.id } });
    const otherTab = await client.call('rooms.get', { id: room.id, ...pass, session_id: 'other' });
    expect(otherTab.body.errorData.code).toBe('password_required');
    const verify = (args: Record<string, string>) =>
      client.call('rooms.verifyAccessToken', {
        room_url: room.roomUrl,
        token,
        session_id: sessionId,
        ...args,
      });
    expect((await verify({})).body.value).toEqual({ valid: true });
    expect((await verify({ session_id: 'other' })).body.value).toEqual({
      valid: false,
      error: 'Invalid token',
    });
    expect((await verify({ token: 'forged' })).body.value).toEqual({
      valid: false,
      error: 'Invalid token',
    });
  });

  it('a new password closes the gate for passes of the old one', async () => {
    const { room, owner } = await protectedRoomWithOwner(t);
    const { client, sessionId } = tab(t);
    const issued = await client.call<{ value: { token: string } }>('rooms.generateAccessToken', {
      room_url: room.roomUrl,
      password: PASSWORD,
      session_id: sessionId,
    });
    await owner.call('rooms.update', { id: room.id, password: 'changed' });
    expect(await tokenCount(t, room.id)).toBe(0);
    const res = await client.call('rooms.get', {
      id: room.id,
      accessToken: issued.body.value.token,
      session_id: sessionId,
    });
    expect(res.body.errorData.code).toBe('password_required');
  });

  it(`counts ${ROOM_LIMITS.passwordAttemptsPerMinute} attempts a minute per room and address`, async () => {
    const room = await protectedRoom(t);
    const other = await protectedRoom(t);
    const { client, sessionId } = tab(t);
    for (let i = 0; i < ROOM_LIMITS.passwordAttemptsPerMinute; i++) {
      const attempt =
        i % 2 === 0
          ? client.call('rooms.checkPassword', { room_url: room.roomUrl, password: 'guess' })
          : client.call('rooms.generateAccessToken', {
              room_url: room.roomUrl,
              password: 'guess',
              session_id: sessionId,
            });
      expect((await attempt).body.errorData?.code).not.toBe('rate_limited');
    }
    const blocked = await client.call('rooms.checkPassword', {
      room_url: room.roomUrl,
      password: PASSWORD,
    });
    expect(blocked.body).toMatchObject({
      errorMessage: 'Too many attempts. Please wait a minute and try again.',
      errorData: { code: 'rate_limited', key: ROOM_ERRORS.tooManyAttempts },
    });
    const blockedToken = await client.call('rooms.generateAccessToken', {
      room_url: room.roomUrl,
      password: PASSWORD,
      session_id: sessionId,
    });
    expect(blockedToken.body.errorData.code).toBe('rate_limited');
    expect(await tokenCount(t, room.id)).toBe(0);
    // Another room from the same address, and the same room from another address, still answer.
    const otherRoom = await client.call('rooms.checkPassword', {
      room_url: other.roomUrl,
      password: PASSWORD,
    });
    expect(otherRoom.body.value).toEqual({ valid: true });
    const otherAddress = await tab(t).client.call('rooms.checkPassword', {
      room_url: room.roomUrl,
      password: PASSWORD,
    });
    expect(otherAddress.body.value).toEqual({ valid: true });
  });

  it('cleanupExpiredTokens with the admin key removes only expired passes', async () => {
    const room = await protectedRoom(t);
    const db = t.app.database.db;
    await db.insert(roomAccessTokens).values([
      {
        tokenHash: 'expired-1',
        roomId: room.id,
        sessionId: 's',
        expiresAt: new Date(Date.now() - 1000),
      },
      {
        tokenHash: 'live-1',
        roomId: room.id,
        sessionId: 's',
        expiresAt: new Date(Date.now() + 60_000),
      },
    ]);
    const res = await fetch(`${t.url}/api/mutation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Admin ${ADMIN_KEY}` },
      body: JSON.stringify({ path: 'rooms:cleanupExpiredTokens', args: {} }),
    });
    expect(await res.json()).toMatchObject({ status: 'success', value: { removed: 1 } });
    const left = await db
      .select({ hash: roomAccessTokens.tokenHash })
      .from(roomAccessTokens)
      .where(eq(roomAccessTokens.roomId, room.id));
    expect(left).toEqual([{ hash: 'live-1' }]);
  });
});

describe('expiry, with passes that last no time at all', () => {
  let t: TestApp;
  beforeAll(async () => {
    const rooms = { ...DEFAULT_ROOM_TIMINGS, accessTokenTtlMs: 0 };
    t = await startTestApp({ TRUST_PROXY: 'true' }, { config: { rooms } });
  });
  afterAll(async () => t?.close());

  it('an expired pass opens nothing; verify says "Token expired" once and deletes it', async () => {
    const room = await protectedRoom(t);
    const { client, sessionId } = tab(t);
    const issued = await client.call<{ value: { token: string } }>('rooms.generateAccessToken', {
      room_url: room.roomUrl,
      password: PASSWORD,
      session_id: sessionId,
    });
    const { token } = issued.body.value;
    const pass = { accessToken: token, session_id: sessionId };
    const view = await client.call('rooms.get', { id: room.id, ...pass });
    expect(view.body.errorData.code).toBe('password_required');
    const verify = () =>
      client.call('rooms.verifyAccessToken', {
        room_url: room.roomUrl,
        token,
        session_id: sessionId,
      });
    expect((await verify()).body.value).toEqual({ valid: false, error: 'Token expired' });
    expect(await tokenCount(t, room.id)).toBe(0);
    expect((await verify()).body.value).toEqual({ valid: false, error: 'Invalid token' });
  });
});

describe('the regular sweep', () => {
  let t: TestApp;
  beforeAll(async () => {
    const rooms = { ...DEFAULT_ROOM_TIMINGS, tokenCleanupIntervalMs: 50 };
    t = await startTestApp({}, { config: { rooms } });
  });
  afterAll(async () => t?.close());

  it('removes expired passes on its own and keeps live ones', async () => {
    const room = await protectedRoom(t);
    const now = Date.now();
    await t.app.database.db.insert(roomAccessTokens).values([
      { tokenHash: 'swept', roomId: room.id, sessionId: 's', expiresAt: new Date(now - 1000) },
      { tokenHash: 'kept', roomId: room.id, sessionId: 's', expiresAt: new Date(now + 60_000) },
    ]);
    // Waits for the timer: the test's own time limit ends it if the sweep never comes.
    while ((await tokenCount(t, room.id)) > 1) await new Promise((r) => setTimeout(r, 20));
    const left = await t.app.database.db
      .select({ hash: roomAccessTokens.tokenHash })
      .from(roomAccessTokens)
      .where(eq(roomAccessTokens.roomId, room.id));
    expect(left).toEqual([{ hash: 'kept' }]);
  });
});
