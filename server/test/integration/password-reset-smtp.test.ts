import net from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  type ResetPasswordResult,
  type SessionUser,
} from '@music-rooms/domain';
import { userTokens } from '../../src/db/schema';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories, sessionClient, signedInClient } from '../helpers/factories';
import { resetLinkIn, startSmtpCapture, type SmtpCapture } from '../helpers/mail';

describe('password recovery through SMTP', () => {
  let smtp: SmtpCapture;
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Music Rooms <rooms@example.org>',
      PUBLIC_URL: 'http://rooms.example.org',
    });
    f = factories(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails the link, and the link leads through verify, reset and auto-login to a session', async () => {
    const { user } = await f.user({ name: 'Mail Reader', email: 'reader@example.com' });
    const browser = sessionClient(t.url);
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

  it('answers 502 sendEmailFailed when the mail server refuses, leaving no link behind', async () => {
    const { user } = await f.user();
    smtp.refuseRecipients();
    const res = await sessionClient(t.url).post(AUTH_ROUTES.requestPasswordReset, {
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
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    t = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => t.close());

  it('answers 502 sendEmailFailed', async () => {
    const { user } = await factories(t).user();
    const res = await sessionClient(t.url).post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: user.email,
    });
    expect(res).toMatchObject({
      status: 502,
      body: { statusMessage: AUTH_ERRORS.sendEmailFailed },
    });
  });
});
