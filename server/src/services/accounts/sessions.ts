import { createHash, randomBytes } from 'node:crypto';
import type { UserId } from '@music-rooms/domain';
import type { SessionType } from '@music-rooms/domain/auth';
import type { Database } from '../../db';
import {
  deleteSessionByTokenHash,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  setSessionExpiry,
  type SessionRow,
} from './sessions-store';
import type { UserRow } from './users-store';

/** A session lasts 30 days from its last use (sliding), renewed at most once a day. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** Secrets given to a browser are random; the database keeps only their SHA-256. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

type NewSession = {
  userId: UserId;
  type: SessionType;
  userAgent?: string | null;
  ip?: string | null;
};

export async function createSession(db: Database, input: NewSession, now = Date.now()) {
  const token = newSecret();
  const session = await insertSession(db, {
    tokenHash: hashSecret(token),
    userId: input.userId,
    type: input.type,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
    ip: input.ip ?? null,
    expiresAt: new Date(now + SESSION_TTL_MS),
  });
  return { token, session };
}

/** A live session and its user; `renewed` when this lookup moved its expiry (send the cookie again). */
export type FoundSession = { session: SessionRow; user: UserRow; renewed: boolean };

/**
 * The live session behind a cookie token and its user. Once a day of use has passed since the
 * expiry was last set, the expiry moves to 30 days from now.
 */
export async function findSession(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<FoundSession | null> {
  const found = await findLiveSession(db, hashSecret(token), new Date(now));
  if (!found) return null;
  if (found.session.expiresAt.getTime() - now >= SESSION_TTL_MS - RENEW_AFTER_MS) {
    return { ...found, renewed: false };
  }
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await setSessionExpiry(db, found.session.id, expiresAt);
  return { user: found.user, session: { ...found.session, expiresAt }, renewed: true };
}

/**
 * Tells every node that sessions ended, once their rows are gone (after the transaction), so
 * that realtime tokens issued for them stop working and their connections close.
 */
export type AnnounceEndedSessions = (sessionIds: readonly string[]) => Promise<void>;

/** Ends the session behind a cookie token; answers the ids of the sessions ended. */
export function revokeSession(db: Database, token: string): Promise<string[]> {
  return deleteSessionByTokenHash(db, hashSecret(token));
}

/**
 * Signs a user out everywhere, except (optionally) the session making the change; answers
 * the ids of the sessions ended.
 */
export function revokeUserSessions(
  db: Database,
  userId: UserId,
  keepSessionId?: string,
): Promise<string[]> {
  return deleteUserSessions(db, userId, keepSessionId);
}
