import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_ROUTES, type SessionUser } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories, randomAddress, sessionClient } from '../helpers/factories';
import { expireTokens, resetPassword, tempDataDir } from '../helpers/password-reset';

describe('auto-login after a password reset', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempDataDir();
    t = await startTestApp({ DATA_DIR: dataDir, TRUST_PROXY: 'true' });
    f = factories(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const autoLogin = async (body: Record<string, unknown>) => {
    const client = sessionClient(t.url, { headers: { 'x-forwarded-for': randomAddress() } });
    const res = await client.post<{ user: SessionUser }>(AUTH_ROUTES.autoLogin, body);
    const session = await client.get<{ user: SessionUser | null }>(AUTH_ROUTES.session);
    return { ...res, sessionUser: session.body.user };
  };

  const expectRefused = (res: Awaited<ReturnType<typeof autoLogin>>) => {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.loginFailed });
    expect(res.sessionUser).toBeNull();
  };

  it('signs in with the grant of a fresh reset', async () => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    const res = await autoLogin(result);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, type: 'password' });
    expect(res.sessionUser?.id).toBe(user.id);
  });

  it('refuses user id, e-mail and name without a grant', async () => {
    const { user } = await f.user();
    expectRefused(await autoLogin({ userId: user.id, email: user.email, name: user.name }));
  });

  it('refuses a wrong grant', async () => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    expectRefused(await autoLogin({ ...result, grant: `${result.grant}x` }));
    expectRefused(await autoLogin({ ...result, grant: '' }));
  });

  it('refuses a grant that was used already', async () => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    expect((await autoLogin(result)).status).toBe(200);
    expectRefused(await autoLogin(result));
  });

  it('refuses an expired grant', async () => {
    const { user } = await f.user();
    const result = await resetPassword(t, user.email, 'after-reset');
    await expireTokens(t, user.id, 'login_grant');
    expectRefused(await autoLogin(result));
  });

  it("refuses another user's grant, and a grant presented for another user", async () => {
    const mine = await f.user();
    const theirs = await f.user();
    const result = await resetPassword(t, theirs.user.email, 'after-reset');
    expectRefused(
      await autoLogin({
        userId: mine.user.id,
        email: mine.user.email,
        name: mine.user.name,
        grant: result.grant,
      }),
    );
    expectRefused(await autoLogin({ ...result, userId: 'not-a-uuid' }));
    // The refused attempts did not use the grant up for its own user.
    expect((await autoLogin(result)).status).toBe(200);
  });

  it('refuses a reset link token used as a grant', async () => {
    const { user } = await f.user();
    const res = await autoLogin({
      userId: user.id,
      email: user.email,
      name: user.name,
      grant: 'x'.repeat(43),
    });
    expectRefused(res);
  });
});
