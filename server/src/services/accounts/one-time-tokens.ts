import type { UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { hashSecret, newSecret } from './sessions';
import { deleteExpiredUserTokens, insertUserToken, type TokenPurpose } from './tokens-store';

/**
 * Stores a new one-time secret (reset link, sign-in grant, verification link) by its hash and
 * hands back the secret itself, which only its receiver ever sees.
 */
export async function issueToken(
  db: Database,
  userId: UserId,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newSecret();
  const now = Date.now();
  // Each new secret sweeps the user's dead ones, so the table stays small without a job. The
  // sweep stands on its own: it needs no transaction with the insert.
  await deleteExpiredUserTokens(db, userId, new Date(now));
  const expiresAt = new Date(now + ttlMs);
  await insertUserToken(db, { tokenHash: hashSecret(token), userId, purpose, expiresAt });
  return token;
}
