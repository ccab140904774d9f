import {
  AUTH_ERRORS,
  maskEmail,
  type Language,
  type PasswordResetRequested,
  type ResetPasswordResult,
  type VerifyResetTokenResponse,
  DomainError,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { isUuid } from '../../db/uuid';
import { loginFailed } from './errors';
import type { Mailer } from './mail';
import { passwordResetMail } from './mail-templates';
import { hashPassword } from './passwords';
import { issueToken } from './one-time-tokens';
import { hashSecret, revokeUserSessions, type AnnounceEndedSessions } from './sessions';
import { claimLiveToken, deleteUserToken, findUserToken, useUpUserTokens } from './tokens-store';
import { findUserByEmailOrUsername, findUserById, updateUser, type UserRow } from './users-store';

/** A reset link works once, for an hour; the sign-in grant a reset gives, once, for two minutes. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const LOGIN_GRANT_TTL_MS = 2 * 60 * 1000;

type ResetState = VerifyResetTokenResponse['state'];

export type ResetRequest = {
  emailOrUsername: string;
  language: Language;
  publicUrl: string;
  /** Whether a mail may go to the account now; when not, the answer is the same, and no link. */
  mayMail?: (userId: UserId) => Promise<boolean>;
};

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
  if (!user) {
    throw new DomainError('user_not_found', AUTH_ERRORS.userNotFound, {
      field: 'emailOrUsername',
    });
  }
  const answer = { success: true, email: maskEmail(user.email) } as const;
  if (request.mayMail && !(await request.mayMail(user.id))) return answer;
  const token = await issueToken(db, user.id, 'password_reset', RESET_TOKEN_TTL_MS);
  const link = `${request.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  try {
    await mailer.send({
      to: user.email,
      link,
      ...passwordResetMail(request.language, user.name, link),
    });
  } catch (error) {
    await deleteUserToken(db, hashSecret(token));
    throw error;
  }
  return answer;
}

/** What a reset link's token is now: valid, expired, used, or unknown (invalid). */
export async function resetTokenState(db: Database, token: string): Promise<ResetState> {
  const row = await findUserToken(db, hashSecret(token), 'password_reset');
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
  if (state !== 'valid') throw new DomainError(...STATE_ERRORS[state]);
}

/**
 * Uses up the link (and the user's other links), ends every session of the user, stores the
 * new hash and issues the sign-in grant. Null when the link was no longer live (another
 * request won); the caller runs it in one transaction, so a failure on the way changes nothing.
 */
async function applyReset(
  tx: Database,
  token: string,
  passwordHash: string,
): Promise<{ user: UserRow; grant: string; ended: string[] } | null> {
  const now = new Date();
  const tokenHash = hashSecret(token);
  const userId = await claimLiveToken(tx, { tokenHash, purpose: 'password_reset', now });
  if (!userId) return null;
  await useUpUserTokens(tx, userId, 'password_reset', now);
  const ended = await revokeUserSessions(tx, userId);
  const user = await updateUser(tx, userId, { passwordHash });
  if (!user) return null;
  const grant = await issueToken(tx, user.id, 'login_grant', LOGIN_GRANT_TTL_MS);
  return { user, grant, ended };
}

/**
 * Sets a new password through a reset link. The link is used up (as are the user's other
 * links), every session of the user ends (announced once saved), and a one-time grant lets
 * this browser sign in.
 */
export async function resetPasswordWithToken(
  db: Database,
  input: { token: string; newPassword: string },
  announceEnded: AnnounceEndedSessions,
): Promise<ResetPasswordResult> {
  await assertResetTokenValid(db, input.token);
  const passwordHash = await hashPassword(input.newPassword);
  const reset = await inTransaction(db, (tx) => applyReset(tx, input.token, passwordHash));
  if (!reset) {
    // Another request used the link meanwhile (or it just expired): say which.
    const state = await resetTokenState(db, input.token);
    throw new DomainError(...STATE_ERRORS[state === 'valid' ? 'used' : state]);
  }
  const { user, grant, ended } = reset;
  await announceEnded(ended);
  return { userId: user.id, email: user.email, name: user.name, grant };
}

/** The account a sign-in grant was given for, using the grant up; anything else is loginFailed. */
export async function redeemLoginGrant(
  db: Database,
  input: { userId: UserId; grant: string },
): Promise<UserRow> {
  if (!isUuid(input.userId) || input.grant === '') throw loginFailed();
  const userId = await claimLiveToken(db, {
    tokenHash: hashSecret(input.grant),
    purpose: 'login_grant',
    now: new Date(),
    userId: input.userId,
  });
  const user = userId ? await findUserById(db, userId) : null;
  if (!user) throw loginFailed();
  return user;
}
