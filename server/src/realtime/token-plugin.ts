import { randomBytes, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { REALTIME_ERROR_CODES, REALTIME_LIMITS, type RealtimeToken } from '@music-rooms/domain';
import { ensureAppSetting } from '../db/app-settings';
import type { Caller } from '../functions/define';
import type { SessionRevocations } from './session-revocations';
import {
  signRealtimeToken,
  verifyRealtimeToken,
  type RealtimeClaims,
  type TokenRefusal,
} from './token';

/** Name of the app_settings row that holds the signing key. */
const SIGNING_KEY_SETTING = 'realtime_token_key';

/** A token that still works, and when the sign-in it names ends (null for a guest's). */
export type LiveTokenCheck =
  { ok: true; claims: RealtimeClaims; sessionEndsAt: number | null } | TokenRefusal;

export type RealtimeTokens = {
  /** A token naming the caller and a fresh connection id; `now` is for tokens issued in the past. */
  issue: (caller: Caller, now?: number) => RealtimeToken;
  /** Signature, expiry, and for a signed-in caller's token, that its session is still live. */
  verify: (token: unknown, now?: number) => Promise<LiveTokenCheck>;
};

/**
 * Issues and checks the short-lived tokens that open realtime connections. The signing key is
 * made on first start and kept in the database, so every node shares it without a setting.
 */
export const realtimeTokensPlugin = fp(
  async (app) => {
    const stored = await ensureAppSetting(
      app.database.db,
      SIGNING_KEY_SETTING,
      randomBytes(32).toString('base64url'),
    );
    const key = Buffer.from(stored, 'base64url');
    const ttlMs = REALTIME_LIMITS.tokenTtlMs;
    app.decorate('realtimeTokens', {
      issue: (caller, now = Date.now()) => {
        const expiresAt = now + ttlMs;
        const claims = {
          userId: caller.userId,
          sessionId: caller.sessionId,
          connectionId: randomUUID(),
          issuedAt: now,
          expiresAt,
        };
        return { token: signRealtimeToken(claims, key), expiresAt, ttlMs };
      },
      verify: async (token, now = Date.now()) => {
        const check = verifyRealtimeToken(token, key, now);
        if (!check.ok) return check;
        const sessionEndsAt = await sessionEnd(app.sessionRevocations, check.claims, now);
        if (sessionEndsAt === undefined)
          return { ok: false, code: REALTIME_ERROR_CODES.sessionEnded };
        return { ...check, sessionEndsAt };
      },
    } satisfies RealtimeTokens);
  },
  { name: 'realtime-tokens', dependencies: ['database', 'session-revocations'] },
);

/**
 * A signed-in caller's token works only while the session it was issued for does: null for a
 * guest's token (no session), the session's end, or undefined when it has ended.
 */
async function sessionEnd(
  revocations: SessionRevocations,
  { userId, sessionId }: RealtimeClaims,
  now: number,
): Promise<number | null | undefined> {
  if (userId === null && sessionId === null) return null;
  if (userId === null || sessionId === null) return undefined;
  return (await revocations.liveUntil(sessionId, userId, now)) ?? undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtimeTokens: RealtimeTokens;
  }
}
