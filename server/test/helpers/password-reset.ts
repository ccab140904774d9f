import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { AUTH_ROUTES, type ResetPasswordResult, type UserId } from '@music-rooms/domain';
import { userTokens } from '../../src/db/schema';
import type { TestApp } from './app';
import { randomAddress, sessionClient } from './factories';
import { readOutbox, resetLinkIn } from './mail';

/** A fresh DATA_DIR for an app that writes its mail to the outbox folder. */
export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-data-'));
}

export const outboxOf = (t: TestApp) => path.join(t.config.dataDir, 'outbox');

/** Asks for a reset link for the account and reads its token from the newest mail to it. */
export async function requestResetToken(t: TestApp, email: string): Promise<string> {
  const client = sessionClient(t.url, { headers: { 'x-forwarded-for': randomAddress() } });
  const res = await client.post(AUTH_ROUTES.requestPasswordReset, {
    emailOrUsername: email,
  });
  if (res.status !== 200) throw new Error(`reset request failed: ${res.status}`);
  const mails = await readOutbox(outboxOf(t));
  const mine = mails.filter((mail) => mail.to && JSON.stringify(mail.to).includes(email));
  const last = mine[mine.length - 1];
  if (!last) throw new Error(`no mail to ${email} in the outbox`);
  return resetLinkIn(last).token;
}

/** Resets the account's password through a mailed link; answers what the reset page gets. */
export async function resetPassword(
  t: TestApp,
  email: string,
  newPassword: string,
): Promise<ResetPasswordResult> {
  const token = await requestResetToken(t, email);
  const client = sessionClient(t.url, { headers: { 'x-forwarded-for': randomAddress() } });
  const res = await client.post<ResetPasswordResult>(AUTH_ROUTES.resetPasswordWithToken, {
    token,
    newPassword,
  });
  if (res.status !== 200)
    throw new Error(`reset failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Moves the expiry of the user's unused one-time secrets of a kind into the past. */
export async function expireTokens(
  t: TestApp,
  userId: UserId,
  purpose: 'password_reset' | 'login_grant' | 'email_verification',
): Promise<void> {
  await t.app.database.db
    .update(userTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

export const expireResetLinks = (t: TestApp, userId: UserId) =>
  expireTokens(t, userId, 'password_reset');
