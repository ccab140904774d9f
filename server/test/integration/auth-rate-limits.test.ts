import { AUTH_ERRORS, AUTH_ROUTES } from '@music-rooms/domain';
import { AUTH_RATE_LIMITS } from '../../src/services/accounts/rate-limits';
import { SIGN_IN_BACKOFF } from '../../src/services/accounts/sign-in-throttle';
import { clientFor, type JsonReply } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';

/**
 * The app trusts X-Forwarded-For here (TRUST_PROXY=true), so each test speaks from addresses
 * of its own and the limits of one test never touch another's: nothing waits for a window.
 */
const it = base.extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({
  TRUST_PROXY: 'true',
  DATA_DIR: dataDir,
}));

let nextAddress = 1;
/** A new client address, never used by another test. */
const newAddress = () => `10.0.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const expectLimited = (res: JsonReply) => {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.tooManyRequests });
};

describe('rate limits on account actions', () => {
  // Per account from any address, as it was, let a stranger lock the owner out: see auth-lockout.
  it('counts the e-mail and the username of one account together, per address', async ({ f }) => {
    const { user, password } = await f.user();
    const ip = newAddress();
    // The free tries, and one more that starts the first wait.
    for (let i = 0; i <= SIGN_IN_BACKOFF.free; i++) {
      const emailOrUsername = i % 2 === 0 ? user.email : user.username.toUpperCase();
      const res = await f.guestFrom(ip).post(AUTH_ROUTES.login, {
        emailOrUsername,
        password: 'wrong',
      });
      expect(res.status).toBe(401);
    }
    for (const emailOrUsername of [user.email, user.username]) {
      expectLimited(await f.guestFrom(ip).post(AUTH_ROUTES.login, { emailOrUsername, password }));
    }
  });

  it('counts reset mails asked by e-mail and by username together, per address', async ({ f }) => {
    const { user } = await f.user();
    const ip = newAddress();
    const { max } = AUTH_RATE_LIMITS.passwordResetRequest.perIpAndAccount;
    for (let i = 0; i < max; i++) {
      const res = await f.guestFrom(ip).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: i % 2 === 0 ? user.username : user.email,
      });
      expect(res.status).toBe(200);
    }
    expectLimited(
      await f.guestFrom(ip).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: user.email,
      }),
    );
    // Another address asks as before: the first address slowed only itself.
    const elsewhere = await f.guestFrom(newAddress()).post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: user.username,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('limits sign-in attempts per address, whatever the account', async ({ f }) => {
    const ip = newAddress();
    const { max } = AUTH_RATE_LIMITS.login.perIp;
    for (let i = 0; i < max; i++) {
      const res = await f.guestFrom(ip).post(AUTH_ROUTES.login, {
        emailOrUsername: `nobody-${i}`,
        password: 'guess',
      });
      expect(res.status).toBe(401);
    }
    const { user, password } = await f.user();
    expectLimited(
      await f.guestFrom(ip).post(AUTH_ROUTES.login, { emailOrUsername: user.email, password }),
    );
    const elsewhere = await f.guestFrom(newAddress()).post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('limits sign-ups per address and per e-mail', async ({ f }) => {
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.register.perIp.max; i++) {
      expect(
        (await f.guestFrom(ip).post(AUTH_ROUTES.register, { email: `a${i}@example.com` })).status,
      ).toBe(400);
    }
    expectLimited(await f.guestFrom(ip).post(AUTH_ROUTES.register, { email: 'fresh@example.com' }));
    for (let i = 0; i < AUTH_RATE_LIMITS.register.perAccount.max; i++) {
      const res = await f.guestFrom(newAddress()).post(AUTH_ROUTES.register, {
        email: 'same@example.com',
      });
      expect(res.status).toBe(400);
    }
    expectLimited(
      await f.guestFrom(newAddress()).post(AUTH_ROUTES.register, { email: 'Same@example.com' }),
    );
  });

  it('limits reset requests per address and name, and per address', async ({ f }) => {
    const asker = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordResetRequest.perIpAndAccount.max; i++) {
      const res = await f.guestFrom(asker).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: 'someone_reset',
      });
      expect(res.status).toBe(404);
    }
    expectLimited(
      await f.guestFrom(asker).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: 'someone_reset',
      }),
    );
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordResetRequest.perIp.max; i++) {
      const res = await f.guestFrom(ip).post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: `n${i}`,
      });
      expect(res.status).toBe(404);
    }
    expectLimited(
      await f.guestFrom(ip).post(AUTH_ROUTES.requestPasswordReset, { emailOrUsername: 'x' }),
    );
  });

  it('limits resets through a link per link and per address', async ({ f }) => {
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.perAccount.max; i++) {
      const res = await f.guestFrom(newAddress()).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: 'guessed-token',
        newPassword: 'long-enough',
      });
      expect(res.status).toBe(400);
    }
    expectLimited(
      await f.guestFrom(newAddress()).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: 'guessed-token',
        newPassword: 'long-enough',
      }),
    );
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.passwordReset.perIp.max; i++) {
      const res = await f.guestFrom(ip).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: `guess-${i}`,
        newPassword: 'long-enough',
      });
      expect(res.status).toBe(400);
    }
    expectLimited(
      await f.guestFrom(ip).post(AUTH_ROUTES.resetPasswordWithToken, {
        token: 'y',
        newPassword: 'long-enough',
      }),
    );
  });

  it('limits auto-login attempts per address and user, and per address', async ({ f }) => {
    const { user } = await f.user();
    const attempt = { userId: user.id, email: user.email, name: user.name, grant: 'guess' };
    const guesser = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.autoLogin.perIpAndAccount.max; i++) {
      expect((await f.guestFrom(guesser).post(AUTH_ROUTES.autoLogin, attempt)).status).toBe(401);
    }
    expectLimited(await f.guestFrom(guesser).post(AUTH_ROUTES.autoLogin, attempt));
    // The user's own browser, elsewhere, is not held by the guesses.
    expect((await f.guestFrom(newAddress()).post(AUTH_ROUTES.autoLogin, attempt)).status).toBe(401);
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.autoLogin.perIp.max; i++) {
      const other = {
        ...attempt,
        userId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      };
      expect((await f.guestFrom(ip).post(AUTH_ROUTES.autoLogin, other)).status).toBe(401);
    }
    expectLimited(await f.guestFrom(ip).post(AUTH_ROUTES.autoLogin, attempt));
  });

  it('limits password changes per signed-in user', async ({ t, f }) => {
    const { user, password } = await f.user();
    const change = { userId: user.id, currentPassword: 'wrong', newPassword: 'another-1' };
    for (let i = 0; i < AUTH_RATE_LIMITS.changePassword.perAccount.max; i++) {
      const client = await clientFor(t, user);
      const res = await f.guestFrom(newAddress()).fetch(AUTH_ROUTES.changePassword, {
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

  it('limits password changes per address', async ({ f }) => {
    const ip = newAddress();
    for (let i = 0; i < AUTH_RATE_LIMITS.changePassword.perIp.max; i++) {
      const res = await f.guestFrom(ip).post(AUTH_ROUTES.changePassword, {
        userId: `guess-${i}`,
        newPassword: 'y',
      });
      expect(res.status).toBe(401);
    }
    expectLimited(
      await f.guestFrom(ip).post(AUTH_ROUTES.changePassword, { userId: 'fresh', newPassword: 'y' }),
    );
  });
});
