import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_ROUTES, type ChangePasswordResponse } from '@music-rooms/domain';
import { sessions } from '../../src/db/schema';
import { signedInClient, type Factories } from '../helpers/factories';
import { describe, expect, test as it } from '../helpers/fixtures';

const canSignIn = async (f: Factories, email: string, password: string) =>
  (await f.guest().post(AUTH_ROUTES.login, { emailOrUsername: email, password })).status === 200;

describe('changing or setting a password', () => {
  it('changes the password with the right current one and signs out the other sessions', async ({
    t,
    f,
  }) => {
    const { user, password } = await f.user();
    const here = await signedInClient(t.url, user.email, password!);
    const elsewhere = await signedInClient(t.url, user.email, password!);
    const res = await here.post<ChangePasswordResponse>(AUTH_ROUTES.changePassword, {
      userId: user.id,
      currentPassword: password,
      newPassword: 'changed-pass',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { id: user.id, hasPassword: true } });
    expect((await here.get(AUTH_ROUTES.session)).body).toMatchObject({ user: { id: user.id } });
    expect((await elsewhere.get(AUTH_ROUTES.session)).body).toEqual({ user: null });
    const rows = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(await canSignIn(f, user.email, 'changed-pass')).toBe(true);
    expect(await canSignIn(f, user.email, password!)).toBe(false);
  });

  it('refuses a wrong or missing current password with 400 changePasswordFailed', async ({ f }) => {
    const { user, password, client } = await f.signedInUser();
    for (const currentPassword of ['wrong-one', undefined, '']) {
      const res = await client.post(AUTH_ROUTES.changePassword, {
        userId: user.id,
        currentPassword,
        newPassword: 'changed-pass',
      });
      expect(res).toMatchObject({
        status: 400,
        body: { statusMessage: AUTH_ERRORS.changePasswordFailed, field: 'currentPassword' },
      });
    }
    expect(await canSignIn(f, user.email, password!)).toBe(true);
  });

  it('lets an account without a password (made through a provider) set one', async ({ f }) => {
    const { user, client } = await f.signedInUser(
      { password: null, googleId: 'g-set-1' },
      'google',
    );
    const res = await client.post<ChangePasswordResponse>(AUTH_ROUTES.changePassword, {
      userId: user.id,
      newPassword: 'first-password',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      hasPassword: true,
      type: 'google',
      providers: ['google'],
    });
    expect(await canSignIn(f, user.email, 'first-password')).toBe(true);
  });

  it("refuses to change another user's password with 403 forbidden", async ({ f }) => {
    const victim = await f.user();
    const { client } = await f.signedInUser();
    const res = await client.post(AUTH_ROUTES.changePassword, {
      userId: victim.user.id,
      currentPassword: victim.password,
      newPassword: 'hijacked-1',
    });
    expect(res).toMatchObject({ status: 403, body: { statusMessage: AUTH_ERRORS.forbidden } });
    expect(await canSignIn(f, victim.user.email, victim.password!)).toBe(true);
  });

  it('refuses a guest with 401 notSignedIn', async ({ f }) => {
    const { user } = await f.user();
    const res = await f.guest().post(AUTH_ROUTES.changePassword, {
      userId: user.id,
      newPassword: 'changed-pass',
    });
    expect(res).toMatchObject({ status: 401, body: { statusMessage: AUTH_ERRORS.notSignedIn } });
  });

  it('refuses a new password under 6 characters, and a missing one', async ({ f }) => {
    const { user, password, client } = await f.signedInUser();
    const short = await client.post(AUTH_ROUTES.changePassword, {
      userId: user.id,
      currentPassword: password,
      newPassword: '12345',
    });
    expect(short).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.invalidInput, code: 'validation.minLength' },
    });
    const missing = await client.post(AUTH_ROUTES.changePassword, {
      userId: user.id,
      currentPassword: password,
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.allFieldsRequired },
    });
    expect(await canSignIn(f, user.email, password!)).toBe(true);
  });
});
