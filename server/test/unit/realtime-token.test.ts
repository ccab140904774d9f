import { randomBytes } from 'node:crypto';
import { asUserId } from '@music-rooms/domain';
import { describe, expect, it } from 'vitest';
import {
  signRealtimeToken,
  verifyRealtimeToken,
  type RealtimeClaims,
} from '../../src/realtime/token';

const key = randomBytes(32);
const now = 1_700_000_000_000;
const claims: RealtimeClaims = {
  userId: asUserId('user-1'),
  sessionId: 'tab-1',
  connectionId: 'conn-1',
  issuedAt: now,
  expiresAt: now + 60_000,
};

describe('realtime tokens', () => {
  it('verifies a token it signed and gives back its claims', () => {
    const token = signRealtimeToken(claims, key);
    expect(verifyRealtimeToken(token, key, now + 1000)).toEqual({ ok: true, claims });
  });

  it('keeps a guest (no user, no session) as a guest', () => {
    const guest = { ...claims, userId: null, sessionId: null };
    expect(verifyRealtimeToken(signRealtimeToken(guest, key), key, now)).toEqual({
      ok: true,
      claims: guest,
    });
  });

  it('refuses a token signed with another key', () => {
    const token = signRealtimeToken(claims, randomBytes(32));
    expect(verifyRealtimeToken(token, key, now)).toEqual({ ok: false, code: 'invalid_token' });
  });

  it('refuses a token whose claims were changed after signing', () => {
    const [, signature] = signRealtimeToken(claims, key).split('.');
    const forged = Buffer.from(
      JSON.stringify({ u: 'admin', s: null, c: 'c', iat: now, exp: now + 60_000 }),
    );
    expect(
      verifyRealtimeToken(`${forged.toString('base64url')}.${signature}`, key, now),
    ).toMatchObject({
      ok: false,
      code: 'invalid_token',
    });
  });

  it('refuses a token at and after its expiry', () => {
    const token = signRealtimeToken(claims, key);
    expect(verifyRealtimeToken(token, key, claims.expiresAt - 1).ok).toBe(true);
    expect(verifyRealtimeToken(token, key, claims.expiresAt)).toEqual({
      ok: false,
      code: 'token_expired',
    });
  });

  it('refuses anything that is not a token', () => {
    for (const token of [undefined, null, 42, '', 'abc', 'a.b.c', `${'x'.repeat(3000)}.y`]) {
      expect(verifyRealtimeToken(token, key, now)).toEqual({ ok: false, code: 'invalid_token' });
    }
  });

  it('refuses a correctly signed payload of the wrong shape', () => {
    const body = Buffer.from(JSON.stringify({ u: 5 })).toString('base64url');
    const token = signRealtimeToken(claims, key).replace(/^[^.]+/, body);
    expect(verifyRealtimeToken(token, key, now).ok).toBe(false);
  });
});
