import { AUTH_ERRORS, AUTH_ROUTES, type SessionUser } from '@music-rooms/domain';
import type { Factories } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';
import { expireTokens, resetPassword } from '../helpers/password-reset';

// Resets read their links from the outbox; each client comes from an address of its own.
const it = base.extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({
  DATA_DIR: dataDir,
  TRUST_PROXY: 'true',
}));

const autoLogin = async (f: Factories, body: Record<string, unknown>) => {
  const client = f.guestFrom();
  const res = await client.post<{ user: SessionUser }>(AUTH_ROUTES.autoLogin, body);
  const session = await client.get<{ user: SessionUser | null }>(AUTH_ROUTES.session);
  return { ...res, sessionUser: session.body.user };
};

const expectRefused = (res: Awaited<ReturnType<typeof autoLogin>>) => {
  expect(res.status).toBe(401);
  expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.loginFailed });
  expect(res.sessionUser).toBeNull();
};

describe('auto-login after a password reset', () => {
  it('signs in with the grant of a fresh reset', async ({ t, f }) => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    const res = await autoLogin(f, result);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, type: 'password' });
    expect(res.sessionUser?.id).toBe(user.id);
  });

  it('refuses user id, e-mail and name without a grant', async ({ f }) => {
    const { user } = await f.user();
    expectRefused(await autoLogin(f, { userId: user.id, email: user.email, name: user.name }));
  });

  it('refuses a wrong grant', async ({ t, f }) => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    expectRefused(await autoLogin(f, { ...result, grant: `${result.grant}x` }));
    expectRefused(await autoLogin(f, { ...result, grant: '' }));
  });

  it('refuses a grant that was used already', async ({ t, f }) => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    expect((await autoLogin(f, result)).status).toBe(200);
    expectRefused(await autoLogin(f, result));
  });

  it('refuses an expired grant', async ({ t, f }) => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    await expireTokens(t, user.id, 'login_grant');
    expectRefused(await autoLogin(f, result));
  });

  it("refuses another user's grant, and a grant presented for another user", async ({ t, f }) => {
    const mine = await f.user();
    const theirs = await f.user();
    const result = await resetPassword(t, theirs.user.email, 'after-reset');
    expectRefused(
      await autoLogin(f, {
        userId: mine.user.id,
        email: mine.user.email,
        name: mine.user.name,
        grant: result.grant,
      }),
    );
    expectRefused(await autoLogin(f, { ...result, userId: 'not-a-uuid' }));
    // The refused attempts did not use the grant up for its own user.
    expect((await autoLogin(f, result)).status).toBe(200);
  });

  it('refuses a reset link token used as a grant', async ({ f }) => {
    const { user } = await f.user();
    const res = await autoLogin(f, {
      userId: user.id,
      email: user.email,
      name: user.name,
      grant: 'x'.repeat(43),
    });
    expectRefused(res);
  });
});
