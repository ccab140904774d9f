import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_LIMITS, type RealtimeToken } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import {
  connect,
  connectAsGuest,
  fetchToken,
  signedInToken,
  type HandshakeError,
} from '../helpers/realtime';

async function refusal(t: TestApp, token: string | undefined): Promise<HandshakeError> {
  return connect(t, token).then(
    (socket) => {
      socket.close();
      throw new Error('the handshake was accepted');
    },
    (error: HandshakeError) => error,
  );
}

describe('realtime token and handshake', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('issues a short-lived token that is never cached', async () => {
    const before = Date.now();
    const res = await fetch(`${t.url}/api/realtime/token`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as RealtimeToken;
    expect(body.ttlMs).toBe(REALTIME_LIMITS.tokenTtlMs);
    expect(body.expiresAt).toBeGreaterThanOrEqual(before + REALTIME_LIMITS.tokenTtlMs);
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('opens a connection with a valid token and answers clock pings with the server time', async () => {
    const socket = await connectAsGuest(t);
    const before = Date.now();
    const serverNow = await socket.emitWithAck('clock:ping');
    expect(serverNow).toBeGreaterThanOrEqual(before);
    // Epoch ms with a fraction: within the millisecond Date.now() names when the answer came.
    expect(serverNow).toBeLessThan(Date.now() + 1);
    socket.close();
  });

  it('refuses a handshake without a token', async () => {
    const error = await refusal(t, undefined);
    expect(error.data?.code).toBe('missing_token');
  });

  it('refuses a token whose signature was tampered with', async () => {
    const { token } = await fetchToken(t);
    const [body, signature = ''] = token.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const error = await refusal(t, `${body}.${flipped}`);
    expect(error.data?.code).toBe('invalid_token');
  });

  it('refuses a token that names another user than the one it was signed for', async () => {
    const { token } = await fetchToken(t);
    const [, signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ u: 'someone-else', s: null, c: 'c', iat: 0, exp: 9e15 }),
    );
    const error = await refusal(t, `${payload.toString('base64url')}.${signature}`);
    expect(error.data?.code).toBe('invalid_token');
  });

  it('refuses an expired token', async () => {
    const issuedLongAgo = Date.now() - REALTIME_LIMITS.tokenTtlMs - 1000;
    const { token } = t.app.realtimeTokens.issue(
      { userId: null, sessionId: null, viaAdminKey: false },
      issuedLongAgo,
    );
    const error = await refusal(t, token);
    expect(error.data?.code).toBe('token_expired');
  });

  it('takes a fresh token for the same caller on a live connection', async () => {
    const socket = await connectAsGuest(t);
    const fresh = await fetchToken(t);
    const result = await socket.emitWithAck('auth:refresh', { token: fresh.token });
    expect(result).toEqual({ ok: true, expiresAt: fresh.expiresAt });
    socket.close();
  });

  it('refuses a refresh with a token for another caller, or an invalid one', async () => {
    const socket = await connectAsGuest(t);
    const other = await signedInToken(t);
    expect(await socket.emitWithAck('auth:refresh', { token: other.token })).toMatchObject({
      ok: false,
      code: 'caller_changed',
    });
    expect(await socket.emitWithAck('auth:refresh', { token: 'nonsense' })).toMatchObject({
      ok: false,
      code: 'invalid_token',
    });
    socket.close();
  });
});
