import { ROOM_ERROR_TEXT, ROOM_ERRORS, type RoomId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { hashSecret, newSecret } from '../accounts/sessions';
import { deleteAccessToken, findAccessToken, insertAccessToken } from './store';

/**
 * Passes through a room's password gate (spec §4 Password-protected room): a random token
 * bound to the tab's session id, stored as a hash with an expiry.
 */

export async function createAccessToken(
  db: Database,
  input: { roomId: RoomId; sessionId: string; ttlMs: number; now: number },
): Promise<{ token: string; expiresAt: number }> {
  const token = newSecret();
  const expiresAt = input.now + input.ttlMs;
  await insertAccessToken(db, {
    tokenHash: hashSecret(token),
    roomId: input.roomId,
    sessionId: input.sessionId,
    expiresAt: new Date(expiresAt),
  });
  return { token, expiresAt };
}

type TokenCheck = { roomId: RoomId | null; token: string; sessionId: string; now: number };

type TokenState = 'valid' | 'expired' | 'invalid';

async function tokenState(db: Database, check: TokenCheck): Promise<TokenState> {
  const row = await findAccessToken(db, hashSecret(check.token));
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
  await deleteAccessToken(db, hashSecret(check.token));
  return { valid: false, error: ROOM_ERROR_TEXT[ROOM_ERRORS.tokenExpired] };
}
