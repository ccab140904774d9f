import { createHmac, timingSafeEqual } from 'node:crypto';
import { REALTIME_ERROR_CODES, type RealtimeErrorCode, type UserId } from '@music-rooms/domain';

/**
 * What a realtime token says: who connects, under which sign-in session (the `sessions` row id,
 * never its secret; null for a guest), under which connection id.
 */
export type RealtimeClaims = {
  userId: UserId | null;
  sessionId: string | null;
  connectionId: string;
  issuedAt: number;
  expiresAt: number;
};

/** Why a token given was refused. */
export type TokenRefusal = { ok: false; code: Exclude<RealtimeErrorCode, 'missing_token'> };

export type TokenCheck = { ok: true; claims: RealtimeClaims } | TokenRefusal;

/** The signed part, with short keys because the token travels in every handshake. */
type Payload = { u: string | null; s: string | null; c: string; iat: number; exp: number };

/** `base64url(payload).base64url(HMAC-SHA256(payload))`. */
export function signRealtimeToken(claims: RealtimeClaims, key: Buffer): string {
  const payload: Payload = {
    u: claims.userId,
    s: claims.sessionId,
    c: claims.connectionId,
    iat: claims.issuedAt,
    exp: claims.expiresAt,
  };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(body, key)}`;
}

/** Checks the signature first (in constant time), then the expiry. */
export function verifyRealtimeToken(token: unknown, key: Buffer, now: number): TokenCheck {
  const invalid = { ok: false, code: REALTIME_ERROR_CODES.invalidToken } as const;
  if (typeof token !== 'string' || token.length > 2048) return invalid;
  const [body, signature, extra] = token.split('.');
  if (body === undefined || signature === undefined || extra !== undefined) return invalid;
  const expected = Buffer.from(mac(body, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
  const payload = parsePayload(body);
  if (payload === null) return invalid;
  if (payload.exp <= now) return { ok: false, code: REALTIME_ERROR_CODES.tokenExpired };
  return {
    ok: true,
    claims: {
      // We signed this payload: its user id is one we issued.
      userId: payload.u as UserId | null,
      sessionId: payload.s,
      connectionId: payload.c,
      issuedAt: payload.iat,
      expiresAt: payload.exp,
    },
  };
}

function mac(body: string, key: Buffer): string {
  return createHmac('sha256', key).update(body).digest('base64url');
}

function parsePayload(body: string): Payload | null {
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
    const nullableString = (value: unknown) => value === null || typeof value === 'string';
    const valid =
      nullableString(payload.u) &&
      nullableString(payload.s) &&
      typeof payload.c === 'string' &&
      Number.isFinite(payload.iat) &&
      Number.isFinite(payload.exp);
    return valid ? (payload as Payload) : null;
  } catch {
    return null;
  }
}
