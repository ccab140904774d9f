import {
  AUTH_ERRORS,
  DomainError,
  maskEmail,
  type EmailVerificationSent,
  type EmailVerificationState,
  type Language,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { MailDeliveryError, type Mailer } from './mail';
import { emailVerificationMail } from './mail-templates';
import { issueToken } from './one-time-tokens';
import { hashSecret } from './sessions';
import { claimLiveToken, deleteUserToken, findUserToken, useUpUserTokens } from './tokens-store';
import { isAdminEmailUnverified, markEmailVerified, type UserRow } from './users-store';

/**
 * Verifying the address of a super administrator listed in SUPER_ADMIN_EMAILS: the rights come
 * only once its owner opens the link mailed to it (or an administrator runs `grant`).
 */

/** A verification link works once, for a day. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

export type VerificationMail = {
  mailer: Mailer;
  language: Language;
  publicUrl: string;
  superAdminEmails: readonly string[];
};

/**
 * Mails a verification link to the account's address. When the mail cannot be handed over,
 * the link is withdrawn and MailDeliveryError propagates.
 */
export async function mailEmailVerification(
  db: Database,
  user: UserRow,
  mail: VerificationMail,
): Promise<EmailVerificationSent> {
  const token = await issueToken(db, user.id, 'email_verification', EMAIL_VERIFICATION_TTL_MS);
  const link = `${mail.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  try {
    await mail.mailer.send({
      to: user.email,
      link,
      ...emailVerificationMail(mail.language, user.name, link),
    });
  } catch (error) {
    await deleteUserToken(db, hashSecret(token));
    throw error;
  }
  return { success: true, email: maskEmail(user.email) };
}

/** Sends the link again, from the Account dialog; only an address that needs it gets one. */
export async function resendEmailVerification(
  db: Database,
  user: UserRow,
  mail: VerificationMail,
): Promise<EmailVerificationSent> {
  if (!isAdminEmailUnverified(user, mail.superAdminEmails)) {
    throw new DomainError('verification_not_needed', AUTH_ERRORS.verificationNotNeeded);
  }
  return mailEmailVerification(db, user, mail);
}

/**
 * After a sign-up or an e-mail change: mails the link when the address is listed and not yet
 * verified. The account stays as saved if the mail fails (the mailer logs it); the owner can
 * ask again from the Account dialog. Answers whether a link went out.
 */
export async function mailVerificationIfListed(
  db: Database,
  user: UserRow,
  mail: VerificationMail,
): Promise<boolean> {
  if (!isAdminEmailUnverified(user, mail.superAdminEmails)) return false;
  try {
    await mailEmailVerification(db, user, mail);
    return true;
  } catch (error) {
    if (error instanceof MailDeliveryError) return false;
    throw error;
  }
}

/**
 * Uses a verification link: the account's current address becomes verified, and the user's
 * other links are used up. Any other link is answered with what it is (expired, used, invalid).
 */
export async function verifyEmailWithToken(
  db: Database,
  token: string,
): Promise<EmailVerificationState> {
  const tokenHash = hashSecret(token);
  const verified = await inTransaction(db, async (tx) => {
    const now = new Date();
    const userId = await claimLiveToken(tx, { tokenHash, purpose: 'email_verification', now });
    if (!userId) return false;
    await useUpUserTokens(tx, userId, 'email_verification', now);
    return (await markEmailVerified(tx, userId)) !== null;
  });
  if (verified) return 'verified';
  const row = await findUserToken(db, tokenHash, 'email_verification');
  if (!row) return 'invalid';
  return row.usedAt ? 'used' : 'expired';
}

/** Links mailed to an older address stop working when the e-mail changes. */
export function useUpEmailVerifications(db: Database, user: UserRow): Promise<void> {
  return useUpUserTokens(db, user.id, 'email_verification', new Date());
}
