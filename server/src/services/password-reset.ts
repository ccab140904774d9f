import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  maskEmail,
  type Language,
  type PasswordResetRequested,
  type ResetPasswordResult,
  type VerifyResetTokenResponse,
} from '@music-rooms/domain';
import type { Database } from '../db';
import { sessions, userTokens, users } from '../db/schema';
import { AccountError, loginFailed } from './account-errors';
import type { Mailer } from './mail';
import { passwordResetMail } from './mail-templates';
import { hashPassword } from './passwords';
import { hashSecret, newSecret, type UserRow } from './sessions';
import { findUserByEmailOrUsername, findUserById, isUuid } from './users';

/** A reset link works once, for an hour; the sign-in grant a reset gives, once, for two minutes. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const LOGIN_GRANT_TTL_MS = 2 * 60 * 1000;

type TokenPurpose = 'password_reset' | 'login_grant';
type ResetState = VerifyResetTokenResponse['state'];

/** Stores a new one-time secret (hashed) and hands back the secret itself. */
async function issueToken(db: Database, userId: string, purpose: TokenPurpose, ttlMs: number) {
  const token = newSecret();
  const now = Date.now();
  // Each new secret sweeps the user's dead ones, so the table stays small without a job.
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), lt(userTokens.expiresAt, new Date(now))));
  await db.insert(userTokens).values({
    tokenHash: hashSecret(token),
    userId,
    purpose,
    expiresAt: new Date(now + ttlMs),
  });
  return token;
}

export type ResetRequest = { emailOrUsername: string; language: Language; publicUrl: string };

/**
 * Mails a reset link to the account named by e-mail or username. When the mail cannot be
 * sent, the link is withdrawn (MailDeliveryError propagates) so nothing has changed.
 */
export async function requestPasswordReset(
  db: Database,
  mailer: Mailer,
  request: ResetRequest,
): Promise<PasswordResetRequested> {
  const user = await findUserByEmailOrUsername(db, request.emailOrUsername);
  if (!user) throw new AccountError(404, 'user_not_found', AUTH_ERRORS.userNotFound);
  const token = await issueToken(db, user.id, 'password_reset', RESET_TOKEN_TTL_MS);
  const link = `${request.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send({
      to: user.email,
      link,
      ...passwordResetMail(request.language, user.name, link),
    });
  } catch (error) {
    await db.delete(userTokens).where(eq(userTokens.tokenHash, hashSecret(token)));
    throw error;
  }
  return { success: true, email: maskEmail(user.email) };
}

/** What a reset link's token is now: valid, expired, used, or unknown (invalid). */
export async function resetTokenState(db: Database, token: string): Promise<ResetState> {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(
      and(eq(userTokens.tokenHash, hashSecret(token)), eq(userTokens.purpose, 'password_reset')),
    )
    .limit(1);
  if (!row) return 'invalid';
  if (row.usedAt) return 'used';
  return row.expiresAt.getTime() <= Date.now() ? 'expired' : 'valid';
}

const STATE_ERRORS: Record<Exclude<ResetState, 'valid'>, [code: string, key: string]> = {
  invalid: ['link_invalid', AUTH_ERRORS.linkInvalid],
  expired: ['link_expired', AUTH_ERRORS.linkExpired],
  used: ['link_used', AUTH_ERRORS.linkUsed],
};

async function assertResetTokenValid(db: Database, token: string): Promise<void> {
  const state = await resetTokenState(db, token);
  if (state !== 'valid') throw new AccountError(400, ...STATE_ERRORS[state]);
}

/**
 * In one transaction: uses up the link (and the user's other links), ends every session of the
 * user and stores the new hash. Null when the link was no longer live (another request won).
 */
function applyReset(db: Database, token: string, passwordHash: string): Promise<UserRow | null> {
  return db.transaction(async (tx) => {
    const now = new Date();
    // Claiming the token in one statement makes two racing resets end with one winner.
    const [claimed] = await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(liveToken(hashSecret(token), 'password_reset', now))
      .returning({ userId: userTokens.userId });
    if (!claimed) return null;
    await tx
      .update(userTokens)
      .set({ usedAt: now })
      .where(liveOfUser(claimed.userId, 'password_reset'));
    await tx.delete(sessions).where(eq(sessions.userId, claimed.userId));
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, claimed.userId))
      .returning();
    return updated ?? null;
  });
}

/**
 * Sets a new password through a reset link. The link is used up (as are the user's other
 * links), every session of the user ends, and a one-time grant lets this browser sign in.
 */
export async function resetPasswordWithToken(
  db: Database,
  input: { token: string; newPassword: string },
): Promise<ResetPasswordResult> {
  await assertResetTokenValid(db, input.token);
  const user = await applyReset(db, input.token, await hashPassword(input.newPassword));
  if (!user) {
    // Another request used the link meanwhile (or it just expired): say which.
    const state = await resetTokenState(db, input.token);
    throw new AccountError(400, ...STATE_ERRORS[state === 'valid' ? 'used' : state]);
  }
  const grant = await issueToken(db, user.id, 'login_grant', LOGIN_GRANT_TTL_MS);
  return { userId: user.id, email: user.email, name: user.name, grant };
}

function liveToken(tokenHash: string, purpose: TokenPurpose, now: Date) {
  return and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, now),
  );
}

function liveOfUser(userId: string, purpose: TokenPurpose) {
  return and(
    eq(userTokens.userId, userId),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
  );
}

/** The account a sign-in grant was given for, using the grant up; anything else is loginFailed. */
export async function redeemLoginGrant(
  db: Database,
  input: { userId: string; grant: string },
): Promise<UserRow> {
  if (!isUuid(input.userId) || input.grant === '') throw loginFailed();
  const now = new Date();
  const [claimed] = await db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        liveToken(hashSecret(input.grant), 'login_grant', now),
        eq(userTokens.userId, input.userId),
      ),
    )
    .returning({ userId: userTokens.userId });
  const user = claimed ? await findUserById(db, claimed.userId) : null;
  if (!user) throw loginFailed();
  return user;
}
