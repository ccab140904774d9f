import { eq, sql } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_ROUTES } from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import type { TestApp } from '../helpers/app';
import { describe, expect, test } from '../helpers/fixtures';
import { requestResetToken } from '../helpers/password-reset';

const FAULT = 'simulated storage failure';

/**
 * `breakUsersTable()`: from then on, every insert into or update of the users table fails, until
 * the test ends. The function the trigger calls is made once for the file.
 */
const it = test
  .extend('refuseWrite', { scope: 'file' }, async ({ t }) => {
    await t.app.database.db.execute(sql`
      CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated storage failure'; END $$`);
    return sql`
      CREATE TRIGGER refuse_users_writes BEFORE INSERT OR UPDATE ON users
      FOR EACH ROW EXECUTE FUNCTION refuse_write()`;
  })
  .extend('breakUsersTable', ({ t, refuseWrite }, { onCleanup }) => {
    const db = t.app.database.db;
    onCleanup(async () => {
      await db.execute(sql`DROP TRIGGER IF EXISTS refuse_users_writes ON users`);
    });
    return () => db.execute(refuseWrite);
  })
  // The reset test reads its link from the outbox; the unlink tests need GitHub configured.
  .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({
    DATA_DIR: dataDir,
    GITHUB_CLIENT_ID: 'gh-client',
    GITHUB_CLIENT_SECRET: 'gh-secret',
  }))
  .extend('appOptions', { scope: 'file' }, { captureLogs: true });

/** The server logged the real cause with the failure's code. */
function expectLogged(t: TestApp, code: string) {
  const line = t.logs.find((log) => log.code === code);
  expect(line?.level).toBe(50);
  expect(JSON.stringify(line?.err)).toContain(FAULT);
}

/**
 * When the database fails under an account action (spec §8), the answer is that action's own
 * message key, not a bare 500: registrationFailed, resetFailed, oauthUnlinkFailed. The failure
 * is real: a trigger makes PostgreSQL refuse every write to the users table, and the real
 * routes and services run into it.
 */
describe('account actions that fail on the server', () => {
  it('answers a sign-up the database refuses with 500 registrationFailed', async ({
    t,
    f,
    breakUsersTable,
  }) => {
    await breakUsersTable();
    const client = f.guest();
    const form = {
      name: 'Nobody',
      username: 'never_saved',
      email: 'never.saved@example.com',
      password: 'secret-1',
    };
    const res = await client.post(AUTH_ROUTES.register, form);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      code: 'registration_failed',
      statusMessage: AUTH_ERRORS.registrationFailed,
    });
    expect(JSON.stringify(res.body)).not.toContain(FAULT);
    expect(client.cookie()).toBe('');
    expectLogged(t, 'registration_failed');
    const saved = await t.app.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'never_saved'));
    expect(saved).toHaveLength(0);
  });

  it('answers a reset the database refuses with 500 resetFailed, and the link still works', async ({
    t,
    f,
    breakUsersTable,
  }) => {
    const { user } = await f.user();
    const token = await requestResetToken(t, user.email);
    await breakUsersTable();
    const client = f.guest();
    const body = { token, newPassword: 'brand-new-1' };
    const res = await client.post(AUTH_ROUTES.resetPasswordWithToken, body);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      code: 'reset_failed',
      statusMessage: AUTH_ERRORS.resetFailed,
    });
    expectLogged(t, 'reset_failed');
    // Nothing was kept of it: the link was not used up.
    const state = await client.post(AUTH_ROUTES.verifyResetToken, { token });
    expect(state.body).toEqual({ state: 'valid' });
  });

  it('answers an unlink the database refuses with 500 oauthUnlinkFailed', async ({
    t,
    f,
    breakUsersTable,
  }) => {
    const { user, client } = await f.signedInUser({ githubId: 'gh-unlink-fail' });
    await breakUsersTable();
    const res = await client.post(AUTH_ROUTES.unlink('github'));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({
      code: 'oauth_unlink_failed',
      statusMessage: AUTH_ERRORS.oauthUnlinkFailed,
    });
    expectLogged(t, 'oauth_unlink_failed');
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.githubId).toBe('gh-unlink-fail');
  });

  it('still answers a broken rule with its own 4xx key, not the failure', async ({
    f,
    breakUsersTable,
  }) => {
    const { user, client } = await f.signedInUser({ password: null, githubId: 'gh-only' });
    await breakUsersTable();
    const unlink = await client.post(AUTH_ROUTES.unlink('github'));
    expect(unlink).toMatchObject({
      status: 400,
      body: { statusMessage: AUTH_ERRORS.oauthLastSignInMethod },
    });
    const register = await f.guest().post(AUTH_ROUTES.register, {
      name: 'Dup',
      username: 'dup_name',
      email: user.email,
      password: 'secret-1',
    });
    expect(register).toMatchObject({
      status: 409,
      body: { statusMessage: AUTH_ERRORS.emailExists },
    });
  });
});
