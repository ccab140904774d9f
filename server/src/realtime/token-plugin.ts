import { randomBytes, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { REALTIME_LIMITS, type RealtimeToken } from '@music-rooms/domain';
import { ensureAppSetting } from '../db/app-settings';
import type { Caller } from '../functions/define';
import { signRealtimeToken, verifyRealtimeToken, type TokenCheck } from './token';

/** Name of the app_settings row that holds the signing key. */
const SIGNING_KEY_SETTING = 'realtime_token_key';

export type RealtimeTokens = {
  /** A token naming the caller and a fresh connection id; `now` is for tokens issued in the past. */
  issue: (caller: Caller, now?: number) => RealtimeToken;
  verify: (token: unknown, now?: number) => TokenCheck;
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
      verify: (token, now = Date.now()) => verifyRealtimeToken(token, key, now),
    } satisfies RealtimeTokens);
  },
  { name: 'realtime-tokens', dependencies: ['database'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    realtimeTokens: RealtimeTokens;
  }
}
