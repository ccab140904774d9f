import type { ParsedMail } from 'mailparser';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  type EmailVerificationSent,
  type SessionUser,
} from '@music-rooms/domain';
import { COMMANDS } from '../../src/cli/admin-commands';
import { findUserByEmail } from '../../src/services/accounts/users-store';
import type { SessionClient } from '../helpers/factories';
import { startTestApp } from '../helpers/app';
import { describe, expect, test as base } from '../helpers/fixtures';
import { sessionClient } from '../helpers/factories';
import { unreachableSmtpUrl } from '../helpers/mail';
import { expireTokens } from '../helpers/password-reset';

const LISTED = ['chief@example.com', 'deputy@example.com', 'second@example.com'];

const it = base.extend('appEnv', { scope: 'file' }, ({ smtp }) => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'http://rooms.example.org',
  SUPER_ADMIN_EMAILS: [...LISTED, 'grantee@example.com', 'resend@example.com'].join(','),
  TRUST_PROXY: 'true',
}));

type UserAnswer = { user: SessionUser };

/** The verification link in a mail's text, and its token. */
function verificationLinkIn(mail: ParsedMail): { link: string; token: string } {
  const link = /https?:\/\/\S+\/verify-email\?token=\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no verification link in: ${mail.text}`);
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
}

const signUpForm = (email: string) => {
  const id = Math.random().toString(36).slice(2, 10);
  return { name: 'Listed Person', username: `u_${id}`, email, password: `pw-${id}-secret` };
};

const sessionUser = async (client: SessionClient) =>
  (await client.post<UserAnswer>(AUTH_ROUTES.updateSession, {})).body.user;

describe('super administrator addresses are verified before they give rights', () => {
  it('signing up with a listed address mails a link; the rights come when it is opened', async ({
    t,
    f,
    smtp,
  }) => {
    const browser = f.guestFrom();
    const arrived = smtp.next();
    const res = await browser.post<UserAnswer>(
      AUTH_ROUTES.register,
      signUpForm('Chief@example.com'),
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ superadmin: false, adminEmailUnverified: true });

    const mail = await arrived;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('Chief@example.com');
    expect(mail.subject).toBe('Confirm your Music Rooms e-mail address');
    const { link, token } = verificationLinkIn(mail);
    expect(link.startsWith('http://rooms.example.org/verify-email?token=')).toBe(true);

    // Anyone holding the link may open it (it is the mailbox that proves the address).
    const opened = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token });
    expect(opened).toMatchObject({ status: 200, body: { state: 'verified' } });
    expect(await sessionUser(browser)).toMatchObject({
      superadmin: true,
      adminEmailUnverified: false,
    });
    const row = await findUserByEmail(t.app.database.db, 'chief@example.com');
    expect(row?.verifiedEmail).toBe('chief@example.com');

    const again = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token });
    expect(again.body).toEqual({ state: 'used' });
  });

  it('answers what a bad link is: unknown, expired, or none at all', async ({ t, f, smtp }) => {
    const browser = f.guestFrom();
    const arrived = smtp.next();
    const res = await browser.post<UserAnswer>(
      AUTH_ROUTES.register,
      signUpForm('deputy@example.com'),
    );
    const { token } = verificationLinkIn(await arrived);
    const unknown = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token: 'nope' });
    expect(unknown.body).toEqual({ state: 'invalid' });
    const missing = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token: ' ' });
    expect(missing).toMatchObject({ status: 400, body: { key: AUTH_ERRORS.tokenMissing } });

    await expireTokens(t, res.body.user.id, 'email_verification');
    const expired = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token });
    expect(expired.body).toEqual({ state: 'expired' });
    expect(await sessionUser(browser)).toMatchObject({
      superadmin: false,
      adminEmailUnverified: true,
    });
  });

  it('sends no mail and gives no rights for an address that is not listed', async ({ f, smtp }) => {
    const before = smtp.messages.length;
    const browser = f.guestFrom();
    const res = await browser.post<UserAnswer>(
      AUTH_ROUTES.register,
      signUpForm('plain@example.com'),
    );
    expect(res.body.user).toMatchObject({ superadmin: false, adminEmailUnverified: false });
    const resend = await browser.post(AUTH_ROUTES.sendEmailVerification, {});
    expect(resend).toMatchObject({ status: 400, body: { key: AUTH_ERRORS.verificationNotNeeded } });
    expect(smtp.messages.length).toBe(before);
  });

  it('changing to a listed address mails a link; changing away drops the verification', async ({
    t,
    f,
    smtp,
  }) => {
    const { user, client, password } = await f.signedInUser();
    const change = (email: string) =>
      client.call('users.updateUserProfile', { id: user.id, email, currentPassword: password });
    let arrived = smtp.next();
    expect((await change('second@example.com')).status).toBe(200);
    expect(await sessionUser(client)).toMatchObject({
      superadmin: false,
      adminEmailUnverified: true,
    });
    const first = verificationLinkIn(await arrived);

    // The link went to the address the account had then: after another change it is used up.
    arrived = smtp.next();
    expect((await change('deputy.two@example.com')).status).toBe(200);
    const stale = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token: first.token });
    expect(stale.body).toEqual({ state: 'used' });

    expect((await change('SECOND@example.com')).status).toBe(200);
    const second = verificationLinkIn(await arrived);
    const opened = await f.guestFrom().post(AUTH_ROUTES.verifyEmail, { token: second.token });
    expect(opened.body).toEqual({ state: 'verified' });
    expect(await sessionUser(client)).toMatchObject({ superadmin: true });

    // Moving away and back: the address has to be verified again.
    expect((await change('elsewhere@example.com')).status).toBe(200);
    const row = await findUserByEmail(t.app.database.db, 'elsewhere@example.com');
    expect(row?.verifiedEmail).toBeNull();
    arrived = smtp.next();
    expect((await change('second@example.com')).status).toBe(200);
    expect(await sessionUser(client)).toMatchObject({
      superadmin: false,
      adminEmailUnverified: true,
    });
    verificationLinkIn(await arrived);
  });

  it('sends the link again on request, to the owner only, a few times an hour', async ({
    f,
    smtp,
  }) => {
    const { client } = await f.signedInUser({ email: 'resend@example.com' });
    const arrived = smtp.next();
    const sent = await client.post<EmailVerificationSent>(AUTH_ROUTES.sendEmailVerification, {
      locale: 'ru',
    });
    expect(sent).toMatchObject({
      status: 200,
      body: { success: true, email: 'r***d@example.com' },
    });
    const mail = await arrived;
    expect(mail.subject).toBe('Подтвердите адрес электронной почты в Music Rooms');
    verificationLinkIn(mail);

    const guest = await f.guestFrom().post(AUTH_ROUTES.sendEmailVerification, {});
    expect(guest).toMatchObject({ status: 401, body: { key: AUTH_ERRORS.notSignedIn } });

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await client.post(AUTH_ROUTES.sendEmailVerification, {})).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
  });

  it('`grant` verifies the address; `admins` names listed addresses not verified yet', async ({
    t,
    f,
  }) => {
    const run = (name: string, ...args: string[]) =>
      COMMANDS[name]!.run({ config: t.config, database: t.app.database, args });
    const { user, client } = await f.signedInUser({
      email: 'grantee@example.com',
      username: 'grantee',
    });
    expect(await run('admins')).toContain(
      'grantee@example.com (grantee)  SUPER_ADMIN_EMAILS, not verified',
    );
    expect(await sessionUser(client)).toMatchObject({ superadmin: false });
    await run('grant', user.email);
    expect(await sessionUser(client)).toMatchObject({
      superadmin: true,
      adminEmailUnverified: false,
    });
    await run('revoke', user.email);
    // Still listed, and now verified: the address alone keeps the rights.
    expect(await sessionUser(client)).toMatchObject({ superadmin: true });
    expect(await run('admins')).toContain('grantee@example.com (grantee)  SUPER_ADMIN_EMAILS\n');
  });

  it('signs up even when the verification mail cannot go; asking again says so', async () => {
    const t = await startTestApp({
      SMTP_URL: await unreachableSmtpUrl(),
      SUPER_ADMIN_EMAILS: 'chief@example.com',
    });
    try {
      const browser = sessionClient(t.url);
      const res = await browser.post<UserAnswer>(
        AUTH_ROUTES.register,
        signUpForm('chief@example.com'),
      );
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ superadmin: false, adminEmailUnverified: true });
      const resend = await browser.post(AUTH_ROUTES.sendEmailVerification, {});
      expect(resend).toMatchObject({ status: 502, body: { key: AUTH_ERRORS.sendEmailFailed } });
    } finally {
      await t.close();
    }
  });
});
