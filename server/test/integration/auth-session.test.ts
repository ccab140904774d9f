import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, AUTH_ROUTES, type SessionUser } from '@music-rooms/domain';
import { sessions, users } from '../../src/db/schema';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { signedInClient } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';

type UserAnswer = { user: SessionUser };

const newForm = (id: string) => ({
  name: `Person ${id}`,
  username: `person_${id}`,
  email: `person.${id}@example.com`,
  password: 'secret-1',
});

// The super administrator test signs in as someone this list names.
const it = base.extend('appEnv', { scope: 'file' }, { SUPER_ADMIN_EMAILS: 'boss@example.com' });

describe('sign-up, sign-in, session and sign-out', () => {
  it('answers a guest with user null, never from a cache', async ({ t }) => {
    const res = await fetch(`${t.url}${AUTH_ROUTES.session}`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ user: null });
  });

  it('registers an account with a random colour avatar and signs it in', async ({ f }) => {
    const client = f.guest();
    const res = await client.post<UserAnswer>(AUTH_ROUTES.register, newForm('reg1'));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      name: 'Person reg1',
      username: 'person_reg1',
      email: 'person.reg1@example.com',
      type: 'password',
      superadmin: false,
      hasPassword: true,
      providers: [],
    });
    expect(res.body.user.avatar).toMatch(/^#[0-9a-f]{6}$/);
    expect(client.cookie()).toContain(`${SESSION_COOKIE}=`);
    const session = await client.get<UserAnswer>(AUTH_ROUTES.session);
    expect(session.body.user).toEqual(res.body.user);
  });

  it('stores an argon2id hash, never the password, and never sends the hash', async ({ t, f }) => {
    const client = f.guest();
    const res = await client.post<UserAnswer>(AUTH_ROUTES.register, newForm('hash1'));
    const [row] = await t.app.database.db
      .select()
      .from(users)
      .where(eq(users.id, res.body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(res.body)).not.toContain('argon2');
    expect(JSON.stringify(res.body)).not.toContain('secret-1');
  });

  it('trims the sign-up fields', async ({ f }) => {
    const res = await f.guest().post<UserAnswer>(AUTH_ROUTES.register, {
      ...newForm('trim1'),
      name: '  Trimmed  ',
      email: '  person.trim1@example.com ',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: 'Trimmed', email: 'person.trim1@example.com' });
  });

  it.for([
    [
      'a missing field',
      { name: 'A', username: 'abc_1', email: 'a@example.com' },
      AUTH_ERRORS.allFieldsRequired,
      'all_fields_required',
    ],
    [
      'a blank name',
      { ...newForm('x1'), name: '   ' },
      AUTH_ERRORS.allFieldsRequired,
      'all_fields_required',
    ],
    [
      'an invalid e-mail',
      { ...newForm('x2'), email: 'not-an-email' },
      AUTH_ERRORS.invalidEmail,
      'invalid_email',
    ],
    [
      'a username with spaces',
      { ...newForm('x3'), username: 'two words' },
      AUTH_ERRORS.invalidInput,
      'validation.usernameFormat',
    ],
    [
      'a two-letter username',
      { ...newForm('x4'), username: 'ab' },
      AUTH_ERRORS.invalidInput,
      'validation.minLength',
    ],
    [
      'a 21-letter username',
      { ...newForm('x5'), username: 'a'.repeat(21) },
      AUTH_ERRORS.invalidInput,
      'validation.maxLength',
    ],
    [
      'a 21-letter name',
      { ...newForm('x6'), name: 'n'.repeat(21) },
      AUTH_ERRORS.invalidInput,
      'validation.maxLength',
    ],
    [
      'a five-letter password',
      { ...newForm('x7'), password: '12345' },
      AUTH_ERRORS.invalidInput,
      'validation.minLength',
    ],
  ] as const)('refuses sign-up with %s (400 %s)', async ([_what, form, key, code], { f }) => {
    const res = await f.guest().post(AUTH_ROUTES.register, form);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusMessage: key, code });
  });

  it('refuses a taken e-mail (any case) with 409 emailExists', async ({ f }) => {
    await f.user({ email: 'taken@example.com' });
    const res = await f.guest().post(AUTH_ROUTES.register, {
      ...newForm('dup1'),
      email: 'TAKEN@example.com',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.emailExists, field: 'email' });
  });

  it('refuses a taken username (any case) with 409 usernameTaken', async ({ f }) => {
    await f.user({ username: 'taken_name' });
    const res = await f.guest().post(AUTH_ROUTES.register, {
      ...newForm('dup2'),
      username: 'Taken_Name',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.usernameTaken, field: 'username' });
  });

  it('signs in by e-mail or username, in any case', async ({ f }) => {
    const { user, password } = await f.user({
      email: 'Mixed.Case@example.com',
      username: 'MixedCase',
    });
    for (const emailOrUsername of ['mixed.case@EXAMPLE.com', 'mixedcase', ' MIXEDCASE ']) {
      const client = f.guest();
      const res = await client.post<UserAnswer>(AUTH_ROUTES.login, { emailOrUsername, password });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: user.id, type: 'password' });
      expect((await client.get<UserAnswer>(AUTH_ROUTES.session)).body.user?.id).toBe(user.id);
    }
  });

  it('gives the same 401 loginFailed for a wrong password and an unknown account', async ({
    f,
  }) => {
    const { user } = await f.user();
    const wrong = await f.guest().post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password: 'not-the-password',
    });
    const unknown = await f.guest().post(AUTH_ROUTES.login, {
      emailOrUsername: 'nobody@example.com',
      password: 'whatever',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ statusMessage: AUTH_ERRORS.loginFailed });
  });

  it('refuses sign-in for an account without a password (made through a provider)', async ({
    f,
  }) => {
    const { user } = await f.user({ password: null, githubId: 'gh-1' });
    const res = await f.guest().post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password: '',
    });
    expect(res.status).toBe(400);
    const again = await f.guest().post(AUTH_ROUTES.login, {
      emailOrUsername: user.email,
      password: 'anything',
    });
    expect(again).toMatchObject({ status: 401, body: { statusMessage: AUTH_ERRORS.loginFailed } });
  });

  it('refuses sign-in with an empty field with 400 allFieldsRequired', async ({ f }) => {
    for (const body of [{ emailOrUsername: '', password: 'x' }, { emailOrUsername: 'a' }, {}]) {
      const res = await f.guest().post(AUTH_ROUTES.login, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.allFieldsRequired });
    }
  });

  it('marks a super administrator listed in SUPER_ADMIN_EMAILS, once verified', async ({ f }) => {
    const { user, password } = await f.user({ email: 'Boss@example.com', emailVerified: true });
    const res = await f.guest().post<UserAnswer>(AUTH_ROUTES.login, {
      emailOrUsername: user.username,
      password,
    });
    expect(res.body.user.superadmin).toBe(true);
  });

  it('signs out: the session ends on the server and the cookie is cleared', async ({ t, f }) => {
    const { user, password } = await f.user();
    const client = await signedInClient(t.url, user.email, password ?? '');
    const stolenCookie = client.cookie();
    const res = await client.fetch(AUTH_ROUTES.session, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(res.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(client.cookie()).toBe('');
    const replay = await fetch(`${t.url}${AUTH_ROUTES.session}`, {
      headers: { cookie: stolenCookie },
    });
    expect(await replay.json()).toEqual({ user: null });
    const left = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it('treats the cookie of a session that ended as a guest at once in function calls', async ({
    t,
    f,
  }) => {
    const { user, password } = await f.user();
    const client = await signedInClient(t.url, user.email, password ?? '');
    const stolenCookie = client.cookie();
    const myRooms = (cookie: string) =>
      fetch(`${t.url}/api/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ path: 'rooms.getUserRoomsWithAuthors', args: { userId: user.id } }),
      });
    // The cookie has been looked up and is remembered.
    expect((await myRooms(stolenCookie)).status).toBe(200);
    expect((await client.fetch(AUTH_ROUTES.session, { method: 'DELETE' })).status).toBe(200);
    const replay = await myRooms(stolenCookie);
    expect(replay.status).toBe(560);
    expect(await replay.json()).toMatchObject({ errorData: { code: 'not_signed_in' } });
  });

  it('answers sign-out of a guest with success too', async ({ f }) => {
    const res = await f.guest().fetch(AUTH_ROUTES.session, { method: 'DELETE' });
    expect(res.status).toBe(200);
  });

  it('refreshes the session user from the database, ignoring what the body claims', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    await t.app.database.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, user.id));
    const res = await client.post<UserAnswer>(AUTH_ROUTES.updateSession, {
      name: 'Claimed Name',
      email: 'claimed@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: user.id, name: 'Renamed', email: user.email });
  });

  it('refuses update-session for a guest with 401 notSignedIn', async ({ f }) => {
    const res = await f.guest().post(AUTH_ROUTES.updateSession, { name: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusMessage: AUTH_ERRORS.notSignedIn });
  });
});
