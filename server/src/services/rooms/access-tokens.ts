import { eq, lte } from 'drizzle-orm';
import { ROOM_ERROR_TEXT, ROOM_ERRORS } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomAccessTokens } from '../../db/schema';
import { hashSecret, newSecret } from '../sessions';

/**
 * Passes through a room's password gate (spec §4 Password-protected room): a random token
 * bound to the tab's session id, stored as a hash with an expiry.
 */

export async function createAccessToken(
  db: Database,
  input: { roomId: string; sessionId: string; ttlMs: number; now: number },
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecret();
  const expiresAt = input.now + input.ttlMs;
  await db.insert(roomAccessTokens).values({
    tokenHash: hashSecret(token),
    roomId: input.roomId,
    sessionId: input.sessionId,
    expiresAt: new Date(expiresAt),
  });
  return { token, expiresAt };
}

type TokenCheck = { roomId: string; token: string; sessionId: string; now: number };

type TokenState = 'valid' | 'expired' | 'invalid';

async function tokenState(db: Database, check: TokenCheck): Promise<TokenState> {
  const [row] = await db
    .select()
    .from(roomAccessTokens)
    .where(eq(roomAccessTokens.tokenHash, hashSecret(check.token)))
    .limit(1);
  if (!row || row.roomId !== check.roomId || row.sessionId !== check.sessionId) return 'invalid';
  return row.expiresAt.getTime() <= check.now ? 'expired' : 'valid';
}

/** Whether the pass opens this room's gate now (room calls that carry one). */
export async function hasValidAccessToken(
  db: Database,
  check: Omit<TokenCheck, 'token' | 'sessionId'> & { token?: string; sessionId?: string },
): Promise<boolean> {
  if (!check.token || !check.sessionId) return false;
  return (
    (await tokenState(db, { ...check, token: check.token, sessionId: check.sessionId })) === 'valid'
  );
}

/**
 * rooms.verifyAccessToken: an expired token is deleted and reported as "Token expired" (the
 * client then forgets it); anything else that does not match is "Invalid token".
 */
export async function verifyAccessToken(
  db: Database,
  check: TokenCheck,
): Promise<{ valid: boolean; error?: string }> {
  const state = await tokenState(db, check);
  if (state === 'valid') return { valid: true };
  if (state === 'invalid')
    return { valid: false, error: ROOM_ERROR_TEXT[ROOM_ERRORS.tokenInvalid] };
  await db.delete(roomAccessTokens).where(eq(roomAccessTokens.tokenHash, hashSecret(check.token)));
  return { valid: false, error: ROOM_ERROR_TEXT[ROOM_ERRORS.tokenExpired] };
}

/** Deletes every token past its expiry; answers how many went. */
export async function deleteExpiredAccessTokens(db: Database, now: number): Promise<number> {
  const removed = await db
    .delete(roomAccessTokens)
    .where(lte(roomAccessTokens.expiresAt, new Date(now)))
    .returning({ tokenHash: roomAccessTokens.tokenHash });
  return removed.length;
}

/** A new or removed password closes the gate for everyone who passed the old one. */
export async function deleteRoomAccessTokens(db: Database, roomId: string): Promise<void> {
  await db.delete(roomAccessTokens).where(eq(roomAccessTokens.roomId, roomId));
}
