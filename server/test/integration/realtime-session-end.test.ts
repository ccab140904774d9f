import { z } from 'zod';
import { AUTH_ROUTES, REALTIME_TOKEN_PATH, type RealtimeToken } from '@music-rooms/domain';
import { RealtimeClient } from '../../../web/src/lib/realtime/realtime-client';
import { defineFunction } from '../../src/functions';
import { createSession, SESSION_TTL_MS } from '../../src/services/accounts/sessions';
import type { TestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { clientFor, type SessionClient } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';
import { callFunction } from '../helpers/http';
import { noteFunctions } from '../helpers/notes';
import { resetPassword } from '../helpers/password-reset';
import {
  connect,
  connectAsGuest,
  endOf,
  LiveQueryRecorder,
  type HandshakeError,
  type TestSocket,
} from '../helpers/realtime';

const whoami = defineFunction('query', {
  path: 'probe.whoami',
  args: z.object({}),
  handler: (ctx) => ctx.caller.userId,
});

// The outbox of the reset mail is in DATA_DIR.
const it = base
  .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({ DATA_DIR: dataDir }))
  .extend('appOptions', { scope: 'file' }, { functions: [...noteFunctions, whoami] });

/** The realtime token the browser holding this client's cookie would get. */
const tokenOf = async (client: SessionClient) =>
  (await client.get<RealtimeToken>(REALTIME_TOKEN_PATH)).body.token;

const asBearer = (t: TestApp, token: string) =>
  callFunction(t, 'query', 'probe.whoami', {}, { authorization: `Bearer ${token}` });

const signOut = (client: SessionClient) => client.fetch(AUTH_ROUTES.session, { method: 'DELETE' });

/** A live socket of the token's caller, watching a note. */
async function watching(t: TestApp, token: string, note: string) {
  const socket = await connect(t, token);
  const live = new LiveQueryRecorder(socket);
  await live.subscribe(note, 'notes.get', { name: note });
  return { socket, live, ended: endOf(socket) };
}

/** Whether a connection is still open and answering, seen from the server and the client. */
async function stillOpen(t: TestApp, socket: TestSocket): Promise<boolean> {
  if (!t.app.io.of('/').sockets.has(socket.id ?? '')) return false;
  return typeof (await socket.timeout(2000).emitWithAck('clock:ping')) === 'number';
}

async function handshakeRefusal(t: TestApp, token: string): Promise<string | undefined> {
  return connect(t, token).then(
    (socket) => {
      socket.close();
      return 'accepted';
    },
    (error: HandshakeError) => error.data?.code,
  );
}

const SESSION_ENDED = { code: 'session_ended', reason: 'io server disconnect' };

describe('realtime tokens live only as long as their sign-in session', () => {
  it('after sign-out, the token answers 401, the open socket is closed and its live query stops', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const token = await tokenOf(client);
    expect(await asBearer(t, token)).toMatchObject({ status: 200, body: { value: user.id } });
    const mine = await watching(t, token, 'signed-out');
    const serverSocketId = mine.socket.id;
    const guest = await watching(t, await tokenOf(f.guest()), 'signed-out');

    expect((await signOut(client)).status).toBe(200);

    expect(await mine.ended).toEqual(SESSION_ENDED);
    expect(t.app.io.of('/').sockets.has(serverSocketId ?? '')).toBe(false);
    expect(await asBearer(t, token)).toMatchObject({
      status: 401,
      body: { code: 'session_ended' },
    });
    expect(await handshakeRefusal(t, token)).toBe('session_ended');
    // A change after the sign-out reaches the guest, and nothing more reaches the ended socket.
    const guestHears = guest.live.until('signed-out', (value) => value === 'after');
    await callFunction(t, 'mutation', 'notes.set', { name: 'signed-out', value: 'after' });
    await guestHears;
    expect(mine.live.values('signed-out')).toEqual([null]);
    // The browser now gets a guest's token, which opens a guest's connection.
    const guestAgain = await connect(t, await tokenOf(client));
    expect(await new LiveQueryRecorder(guestAgain).subscribe('me', 'probe.whoami')).toEqual({
      kind: 'value',
      value: null,
    });
    guestAgain.close();
    guest.socket.close();
  });

  it("signing out one session leaves the user's other sessions and guests connected", async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const other = await clientFor(t, user);
    const otherToken = await tokenOf(other);
    const here = await watching(t, await tokenOf(client), 'one-of-two');
    const there = await watching(t, otherToken, 'one-of-two');
    const guest = await connectAsGuest(t);
    await signOut(client);
    expect(await here.ended).toEqual(SESSION_ENDED);
    expect(await stillOpen(t, there.socket)).toBe(true);
    expect(await stillOpen(t, guest)).toBe(true);
    expect(await asBearer(t, otherToken)).toMatchObject({ status: 200, body: { value: user.id } });
    there.socket.close();
    guest.close();
  });

  it("a password change ends the other sessions' sockets and tokens and keeps the changer's", async ({
    t,
    f,
  }) => {
    const { user, password, client } = await f.signedInUser();
    const elsewhere = await clientFor(t, user);
    const [changerToken, otherToken] = [await tokenOf(client), await tokenOf(elsewhere)];
    const changer = await watching(t, changerToken, 'changed');
    const other = await watching(t, otherToken, 'changed');
    const res = await client.post(AUTH_ROUTES.changePassword, {
      userId: user.id,
      currentPassword: password,
      newPassword: 'changed-pass-1',
    });
    expect(res.status).toBe(200);
    expect(await other.ended).toEqual(SESSION_ENDED);
    expect(await asBearer(t, otherToken)).toMatchObject({ status: 401 });
    expect(await asBearer(t, changerToken)).toMatchObject({
      status: 200,
      body: { value: user.id },
    });
    // The changer's live query keeps running.
    const changerHears = changer.live.until('changed', (value) => value === 'still here');
    await callFunction(t, 'mutation', 'notes.set', { name: 'changed', value: 'still here' });
    await changerHears;
    changer.socket.close();
  });

  it("a password reset ends every session's sockets and tokens", async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const elsewhere = await clientFor(t, user);
    const tokens = [await tokenOf(client), await tokenOf(elsewhere)];
    const sockets = await Promise.all(tokens.map((token) => watching(t, token, 'reset')));
    await resetPassword(t, user.email, 'reset-pass-1');
    for (const { ended } of sockets) expect(await ended).toEqual(SESSION_ENDED);
    for (const token of tokens) {
      expect(await asBearer(t, token)).toMatchObject({
        status: 401,
        body: { code: 'session_ended' },
      });
    }
  });

  it('a session that expires ends its connection, then its token', async ({ t, f }) => {
    const { user } = await f.user();
    // A session made 30 days minus 1.5 s ago: it expires 1.5 s from now.
    const { session } = await createSession(
      t.app.database.db,
      { userId: user.id, type: 'password' },
      Date.now() - SESSION_TTL_MS + 1500,
    );
    const caller = { userId: user.id, sessionId: session.id, viaAdminKey: false };
    const { token } = t.app.realtimeTokens.issue(caller);
    expect(await asBearer(t, token)).toMatchObject({ status: 200 });
    const { ended } = await watching(t, token, 'expiring');
    expect(await ended).toEqual(SESSION_ENDED);
    expect(await asBearer(t, token)).toMatchObject({
      status: 401,
      body: { code: 'session_ended' },
    });
  });

  it('the web client starts over as a guest by itself when its session ends', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const realtime = new RealtimeClient({
      baseUrl: t.url,
      getToken: async () => (await client.get<RealtimeToken>(REALTIME_TOKEN_PATH)).body,
      logger: { warn: () => {}, error: () => {} },
    });
    realtime.start();
    const stop = realtime.watch('probe.whoami', {}, () => {});
    await eventually(() =>
      expect(realtime.stateOf('probe.whoami', {})).toEqual({ status: 'value', value: user.id }),
    );
    await signOut(client);
    await eventually(
      () => expect(realtime.stateOf('probe.whoami', {})).toEqual({ status: 'value', value: null }),
      { timeout: 5000 },
    );
    stop();
    realtime.stop();
  });
});
