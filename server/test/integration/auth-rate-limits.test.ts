import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_ROUTES } from '@music-rooms/domain';
import { AUTH_RATE_LIMITS } from '../../src/services/rate-limits';
import { startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, sessionClient, type JsonReply } from '../helpers/factories';
import { tempDataDir } from '../helpers/password-reset';

/**
 * The app trusts X-Forwarded-For here (TRUST_PROXY=true), so each test speaks from addresses
 * of its own and the limits of one test never touch another's: nothing waits for a window.
 */
describe('rate limits on account actions', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  let dataDir: string;
  let nextAddress = 1;
  beforeAll(async () => {
    dataDir = tempDataDir();
    t = await startTestApp({ TRUST_PROXY: 'true', DATA_DIR: dataDir });
    f = factories(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A new client address, never used by another test. */
  const newAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
  const from = (ip: string) => sessionClient(t.url, { headers: { 'x-forwarded-for': ip } });

  const expectLimited = (res: JsonReply) => {
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.tooManyRequests });
  };

  it('limits sign-in attempts per account, from any address', async () => {
    const { user, password } = await f.user();
    const { max } = AUTH_RATE_LIMITS.login.perAccount;
    for (let i = 0; i < max; i++) {
      const res = await from(newAddress()).post(AUTH_ROUTES.login, {
        emailOrUsername: user.email,
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    // The right password does not help now, whatever the address or the case typed.
    const client = from(newAddress());
    const res = await client.fetch(AUTH_ROUTES.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ emailOrUsername: user.email.toUpperCase(), password }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ statusMessage: AUTH_ERRORS.tooManyRequests });
    // Another account is not affected.
    const other = await f.user();
    const fine = await from(newAddress()).post(AUTH_ROUTES.login, {
      emailOrUsername: other.user.username,
      password: other.password,
    });
    expect(fine.status).toBe(200);
  });

  it('counts the e-mail and the username of one account together', async () => {
    const { user, password } = await f.user();
    const { max } = AUTH_RATE_LIMITS.login.perAccount;
    for (let i = 0; i < max; i++) {
      const emailOrUsername = i % 2 === 0 ? user.email : user.username.toUpperCase();
      const res = await from(newAddress()).post(AUTH_ROUTES.login, {
        emailOrUsername,
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    for (const emailOrUsername of [user.email, user.username]) {
      expectLimited(
        await from(newAddress()).post(AUTH_ROUTES.login, { emailOrUsername, password }),
      );
    }
  });

  it('counts reset mails asked by e-mail and by username together', async () => {
    const { user } = await f.user();
    const { max } = AUTH_RATE_LIMITS.passwordResetRequest.perAccount;
    for (let i = 0; i < max; i++) {
      const res = await from(newAddress()).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: i % 2 === 0 ? user.username : user.email,
      });
      expect(res.status).toBe(200);
    }
    expectLimited(
      await from(newAddress()).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: user.email,
      }),
    );
  });

  it('limits sign-in attempts per address, whatever the account', async () => {
    const ip = newAddress();
    const { max } = AUTH_RATE_LIMITS.login.perIp;
    for (let i = 0; i < max; i++) {
      const res = await from(ip).post(AUTH_ROUTES.login, {
        emailOrUsername: `nobody-${i}`,
        password: 'guess',
      });
      expect(res.status).toBe(401);
    }
    const { user, password } = await f.user();
    expectLimited(
      await from(ip).post(AUTH_ROUTES.login, { emailOrUsername: user.email, password }),
    );
    const elsewhere = await from(newAddress()).post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('limits sign-ups per address and per e-mail', async () => {
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.register.perIp.max; i++) {
      expect(
        (await from(ip).post(AUTH_ROUTES.register, { email: `a${i}@example.com` })).status,
      ).toBe(400);
    }
    expectLimited(await from(ip).post(AUTH_ROUTES.register, { email: 'fresh@example.com' }));
    for (let i = 0; i < AUTH_RATE_LIMITS.register.perAccount.max; i++) {
      const res = await from(newAddress()).post(AUTH_ROUTES.register, {
        email: 'same@example.com',
      });
      expect(res.status).toBe(400);
    }
    expectLimited(
      await from(newAddress()).post(AUTH_ROUTES.register, { email: 'Same@example.com' }),
    );
  });

  it('limits reset mails per account and per address', async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordResetRequest.perAccount.max; i++) {
      const res = await from(newAddress()).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: 'someone_reset',
      });
      expect(res.status).toBe(404);
    }
    expectLimited(
      await from(newAddress()).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: 'someone_reset',
      }),
    );
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordResetRequest.perIp.max; i++) {
      const res = await from(ip).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: `n${i}`,
      });
      expect(res.status).toBe(404);
    }
    expectLimited(await from(ip).post(AUTH_ROUTES.requestPasswordReset, { emailOrUsername: 'x' }));
  });

  it('limits resets through a link per link and per address', async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.perAccount.max; i++) {
      const res = await from(newAddress()).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: 'guessed-token',
        newPassword: 'long-enough',
      });
      expect(res.status).toBe(400);
    }
    expectLimited(
      await from(newAddress()).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: 'guessed-token',
        newPassword: 'long-enough',
      }),
    );
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.perIp.max; i++) {
      const res = await from(ip).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: `guess-${i}`,
        newPassword: 'long-enough',
      });
      expect(res.status).toBe(400);
    }
    expectLimited(
      await from(ip).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: 'y',
        newPassword: 'long-enough',
      }),
    );
  });

  it('limits auto-login attempts per user and per address', async () => {
    const { user } = await f.user();
    const attempt = { userId: user.id, email: user.email, name: user.name, grant: 'guess' };
    for (let i = 0; i < AUTH_RATE_LIMITS.autoLogin.perAccount.max; i++) {
      expect((await from(newAddress()).post(AUTH_ROUTES.autoLogin, attempt)).status).toBe(401);
    }
    expectLimited(await from(newAddress()).post(AUTH_ROUTES.autoLogin, attempt));
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.autoLogin.perIp.max; i++) {
      const other = {
        ...attempt,
        userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      };
      expect((await from(ip).post(AUTH_ROUTES.autoLogin, other)).status).toBe(401);
    }
    expectLimited(await from(ip).post(AUTH_ROUTES.autoLogin, attempt));
  });

  it('limits password changes per signed-in user', async () => {
    const { user, password } = await f.user();
    const change = { userId: user.id, currentPassword: 'wrong', newPassword: 'another-1' };
    for (let i = 0; i < AUTH_RATE_LIMITS.changePassword.perAccount.max; i++) {
      const client = await clientFor(t, user);
      const res = await from(newAddress()).fetch(AUTH_ROUTES.changePassword, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: client.cookie() },
        body: JSON.stringify(change),
      });
      expect(res.status).toBe(400);
    }
    const client = await clientFor(t, user);
    const res = await client.post(AUTH_ROUTES.changePassword, {
      ...change,
      currentPassword: password,
    });
    expectLimited(res);
  });

  it('limits password changes per address', async () => {
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.changePassword.perIp.max; i++) {
      const res = await from(ip).post(AUTH_ROUTES.changePassword, {
        userId: `guess-${i}`,
        newPassword: 'y',
      });
      expect(res.status).toBe(401);
    }
    expectLimited(
      await from(ip).post(AUTH_ROUTES.changePassword, { userId: 'fresh', newPassword: 'y' }),
    );
  });
});
