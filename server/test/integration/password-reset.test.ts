import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_ROUTES, LOCALE_COOKIE } from '@music-rooms/domain';
import { sessions, userTokens } from '../../src/db/schema';
import { signedInClient, type Factories } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';
import { readOutbox, resetLinkIn } from '../helpers/mail';
import { expireResetLinks, outboxOf, requestResetToken } from '../helpers/password-reset';

// No SMTP_URL: mail goes to DATA_DIR/outbox, and its links are logged.
const it = base
  .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'https://music.example.org',
    TRUST_PROXY: 'true',
  }))
  .extend('appOptions', { scope: 'file' }, { captureLogs: true });

// Each request comes from an address of its own, so the file stays under the rate limits.
const verify = (f: Factories, token: unknown) =>
  f.guestFrom().post(AUTH_ROUTES.verifyResetToken, { token });
const reset = (f: Factories, token: string, newPassword: string) =>
  f.guestFrom().post(AUTH_ROUTES.resetPasswordWithToken, { token, newPassword });

describe('password recovery with the mail outbox (no SMTP_URL)', () => {
  it('writes the mail to DATA_DIR/outbox, logs its link, and answers with the masked e-mail', async ({
    t,
    f,
  }) => {
    const { user } = await f.user({ name: 'Ann', email: 'annabel@example.com', username: 'ann_b' });
    const res = await f
      .guestFrom()
      .post(AUTH_ROUTES.requestPasswordReset, { emailOrUsername: 'ANN_B' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, email: 'a***l@example.com' });
    const mails = await readOutbox(outboxOf(t));
    const mail = mails.find((m) => m.to && JSON.stringify(m.to).includes(user.email));
    expect(mail?.subject).toBe('Reset your Music Rooms password');
    expect(mail?.text).toContain('Hello, Ann!');
    expect(mail?.html).toContain('href="https://music.example.org/reset-password?token=');
    const { link, token } = resetLinkIn(mail!);
    expect(link.startsWith('https://music.example.org/reset-password?token=')).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(40);
    const logged = t.logs.find(
      (line) => line.msg === 'mail written to the outbox' && line.link === link,
    );
    expect(logged).toBeDefined();
  });

  it('keeps only a hash of the link token in the database', async ({ t, f }) => {
    const { user } = await f.user();
    const token = await requestResetToken(t, user.email);
    const rows = await t.app.database.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'password_reset', usedAt: null });
    expect(rows[0]?.tokenHash).not.toBe(token);
    const hourMs = rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime();
    expect(hourMs).toBeGreaterThan(59 * 60_000);
    expect(hourMs).toBeLessThanOrEqual(60 * 60_000 + 1000);
  });

  it('writes the mail in Russian when asked by the locale field or the locale cookie', async ({
    t,
    f,
  }) => {
    const one = await f.user({ name: 'Оля' });
    const two = await f.user({ name: 'Петя' });
    await f.guestFrom().post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: one.user.email,
      locale: 'ru',
    });
    await f.guestFrom().fetch(AUTH_ROUTES.requestPasswordReset, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${LOCALE_COOKIE}=ru` },
      body: JSON.stringify({ emailOrUsername: two.user.username }),
    });
    const mails = await readOutbox(outboxOf(t));
    for (const { user } of [one, two]) {
      const mail = mails.find((m) => JSON.stringify(m.to).includes(user.email));
      expect(mail?.subject).toBe('Сброс пароля Music Rooms');
      expect(mail?.text).toContain(`Здравствуйте, ${user.name}!`);
    }
  });

  it('answers an unknown account with 404 userNotFound and a blank field with 400', async ({
    f,
  }) => {
    const unknown = await f.guestFrom().post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: 'ghost',
    });
    expect(unknown).toMatchObject({
      status: 404,
      body: { statusMessage: AUTH_ERRORS.userNotFound, field: 'emailOrUsername' },
    });
    const blank = await f
      .guestFrom()
      .post(AUTH_ROUTES.requestPasswordReset, { emailOrUsername: '  ' });
    expect(blank).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.allFieldsRequired },
    });
  });

  it('tells the reset page the state of a link: valid, invalid, used, expired, missing', async ({
    t,
    f,
  }) => {
    const { user } = await f.user();
    const token = await requestResetToken(t, user.email);
    expect((await verify(f, token)).body).toEqual({ state: 'valid' });
    expect((await verify(f, 'made-up-token')).body).toEqual({ state: 'invalid' });
    for (const missing of ['', '   ', undefined]) {
      const res = await verify(f, missing);
      expect(res).toMatchObject({ status: 400, body: { statusMessage: AUTH_ERRORS.tokenMissing } });
    }
    expect((await reset(f, token, 'brand-new-1')).status).toBe(200);
    expect((await verify(f, token)).body).toEqual({ state: 'used' });
    const expiring = await requestResetToken(t, user.email);
    await expireResetLinks(t, user.id);
    expect((await verify(f, expiring)).body).toEqual({ state: 'expired' });
  });

  it('sets the new password, ends every session, and gives a one-time grant', async ({ t, f }) => {
    const { user, password } = await f.user({ name: 'Reset Me' });
    const before = await signedInClient(t.url, user.email, password!);
    const token = await requestResetToken(t, user.email);
    const res = await reset(f, token, 'new-password-1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: user.id,
      email: user.email,
      name: 'Reset Me',
      grant: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
    expect((await before.get(AUTH_ROUTES.session)).body).toEqual({ user: null });
    const left = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
    const oldLogin = await f.guestFrom().post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password,
    });
    expect(oldLogin.status).toBe(401);
    await signedInClient(t.url, user.email, 'new-password-1');
  });

  it('uses up every other link of the user with the reset', async ({ t, f }) => {
    const { user } = await f.user();
    const first = await requestResetToken(t, user.email);
    const second = await requestResetToken(t, user.email);
    expect((await reset(f, second, 'new-password-2')).status).toBe(200);
    expect((await verify(f, first)).body).toEqual({ state: 'used' });
  });

  it('refuses a used, expired or unknown link with its message, changing nothing', async ({
    t,
    f,
  }) => {
    const { user } = await f.user();
    const token = await requestResetToken(t, user.email);
    expect((await reset(f, token, 'first-change')).status).toBe(200);
    const again = await reset(f, token, 'second-change');
    expect(again).toMatchObject({ status: 400, body: { statusMessage: AUTH_ERRORS.linkUsed } });
    await signedInClient(t.url, user.email, 'first-change');

    const old = await requestResetToken(t, user.email);
    await expireResetLinks(t, user.id);
    const expired = await reset(f, old, 'third-change');
    expect(expired).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.linkExpired },
    });
    const unknown = await reset(f, 'no-such-token', 'third-change');
    expect(unknown).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.linkInvalid },
    });
    await signedInClient(t.url, user.email, 'first-change');
  });

  it('lets only one of two simultaneous resets through the same link win', async ({ t, f }) => {
    const { user } = await f.user();
    const token = await requestResetToken(t, user.email);
    const answers = await Promise.all([reset(f, token, 'racer-one'), reset(f, token, 'racer-two')]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400]);
    const loser = answers.find((answer) => answer.status === 400);
    expect(loser?.body).toMatchObject({ statusMessage: AUTH_ERRORS.linkUsed });
    const winner = answers.findIndex((answer) => answer.status === 200);
    await signedInClient(t.url, user.email, winner === 0 ? 'racer-one' : 'racer-two');
  });

  it('refuses a missing token or a short password with 400', async ({ t, f }) => {
    const { user } = await f.user();
    const token = await requestResetToken(t, user.email);
    const noToken = await f.guestFrom().post(AUTH_ROUTES.resetPasswordWithToken, {
      newPassword: 'long-enough',
    });
    expect(noToken).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.tokenMissing },
    });
    const short = await reset(f, token, '12345');
    expect(short).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.invalidInput, code: 'validation.minLength' },
    });
    expect((await verify(f, token)).body).toEqual({ state: 'valid' });
  });
});
