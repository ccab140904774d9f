import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { userTokens } from '../../db/schema';

export type UserTokenRow = typeof userTokens.$inferSelect;
export type TokenPurpose = UserTokenRow['purpose'];

/** Reading and writing one-time secrets (reset links, sign-in grants), stored by their hash. */

export async function insertUserToken(
  db: Database,
  row: { tokenHash: string; userId: UserId; purpose: TokenPurpose; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(row);
}

/** Deletes the user's secrets that expired before `now`. */
export async function deleteExpiredUserTokens(
  db: Database,
  userId: UserId,
  now: Date,
): Promise<void> {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), lt(userTokens.expiresAt, now)));
}

export async function deleteUserToken(db: Database, tokenHash: string): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.tokenHash, tokenHash));
}

export async function findUserToken(
  db: Database,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<UserTokenRow | null> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
    .limit(1);
  return row ?? null;
}

/**
 * Uses up a secret that is still live at `now` (of this user, when one is given), in one
 * statement, so that of two requests racing for it exactly one wins. Answers whose it was, or
 * null when it was not live.
 */
export async function claimLiveToken(
  db: Database,
  claim: { tokenHash: string; purpose: TokenPurpose; now: Date; userId?: UserId },
): Promise<UserId | null> {
  const live = and(
    eq(userTokens.tokenHash, claim.tokenHash),
    eq(userTokens.purpose, claim.purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, claim.now),
    claim.userId === undefined ? undefined : eq(userTokens.userId, claim.userId),
  );
  const [claimed] = await db
    .update(userTokens)
    .set({ usedAt: claim.now })
    .where(live)
    .returning({ userId: userTokens.userId });
  return claimed?.userId ?? null;
}

/** Marks every unused secret of the user for this purpose as used at `now`. */
export async function useUpUserTokens(
  db: Database,
  userId: UserId,
  purpose: TokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}
