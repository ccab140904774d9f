import { eq } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  type ResetPasswordResult,
  type SessionUser,
} from '@music-rooms/domain';
import { userTokens } from '../../src/db/schema';
import { signedInClient } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';
import { resetLinkIn, unreachableSmtpUrl } from '../helpers/mail';

const it = base.extend('appEnv', { scope: 'file' }, ({ smtp }) => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Music Rooms <rooms@example.org>',
  PUBLIC_URL: 'http://rooms.example.org',
}));

/** An app of its own, whose mail server is not there. */
const withoutMailServer = base.extend('appEnv', { scope: 'file' }, async () => ({
  SMTP_URL: await unreachableSmtpUrl(),
}));

describe('password recovery through SMTP', () => {
  it('mails the link, and the link leads through verify, reset and auto-login to a session', async ({
    t,
    f,
    smtp,
  }) => {
    const { user } = await f.user({ name: 'Mail Reader', email: 'reader@example.com' });
    const browser = f.guest();
    const arrived = smtp.next();
    const requested = await browser.post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: 'reader@example.com',
    });
    expect(requested).toMatchObject({
      status: 200,
      body: { success: true, email: 'r***r@example.com' },
    });

    const mail = await arrived;
    expect(mail.from?.value[0]).toMatchObject({
      name: 'Music Rooms',
      address: 'rooms@example.org',
    });
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('reader@example.com');
    expect(mail.subject).toBe('Reset your Music Rooms password');
    expect(mail.html).toContain('Choose a new password');
    const { link, token } = resetLinkIn(mail);
    expect(link.startsWith('http://rooms.example.org/reset-password?token=')).toBe(true);

    const verified = await browser.post(AUTH_ROUTES.verifyResetToken, { token });
    expect(verified.body).toEqual({ state: 'valid' });
    const reset = await browser.post<ResetPasswordResult>(AUTH_ROUTES.resetPasswordWithToken, {
      token,
      newPassword: 'from-the-mail',
    });
    expect(reset.status).toBe(200);
    const login = await browser.post<{ user: SessionUser }>(AUTH_ROUTES.autoLogin, reset.body);
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: user.id, email: 'reader@example.com' });
    const session = await browser.get<{ user: SessionUser }>(AUTH_ROUTES.session);
    expect(session.body.user?.id).toBe(user.id);
    await signedInClient(t.url, 'reader@example.com', 'from-the-mail');
  });

  it('answers 502 sendEmailFailed when the mail server refuses, leaving no link behind', async ({
    t,
    f,
    smtp,
  }) => {
    const { user } = await f.user();
    smtp.refuseRecipients();
    const res = await f.guest().post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: user.username,
    });
    expect(res).toMatchObject({
      status: 502,
      body: { statusMessage: AUTH_ERRORS.sendEmailFailed },
    });
    const rows = await t.app.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('password recovery with an unreachable mail server', () => {
  withoutMailServer('answers 502 sendEmailFailed', async ({ f }) => {
    const { user } = await f.user();
    const res = await f.guest().post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: user.email,
    });
    expect(res).toMatchObject({
      status: 502,
      body: { statusMessage: AUTH_ERRORS.sendEmailFailed },
    });
  });
});
