import { eq } from 'drizzle-orm';
import { AUTH_ROUTES } from '@music-rooms/domain';
import { sessions } from '../../src/db/schema';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { hashSecret, SESSION_TTL_MS } from '../../src/services/accounts/sessions';
import type { TestApp } from '../helpers/app';
import { createUser } from '../helpers/factories';
import { anotherApp, describe, expect, test } from '../helpers/fixtures';

const DAY = 24 * 60 * 60 * 1000;

// The cookie is Secure only when PUBLIC_URL is https: one app of each kind.
const it = test
  .extend('secure', { scope: 'file' }, anotherApp({ PUBLIC_URL: 'https://rooms.example.com' }))
  .extend('appEnv', { scope: 'file' }, { PUBLIC_URL: 'http://localhost:3000' });

/** The session cookie a response sets: its value and attributes (names lower-cased). */
function sessionCookieOf(res: Response) {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!line) return null;
  const [pair = '', ...parts] = line.split(';').map((part) => part.trim());
  const attributes = new Map(
    parts.map((part) => {
      const [name = '', ...value] = part.split('=');
      return [name.toLowerCase(), value.join('=')] as const;
    }),
  );
  return { value: pair.slice(SESSION_COOKIE.length + 1), attributes };
}

/** Signs in through the real route; the response and the session token its cookie holds. */
async function signIn(t: TestApp) {
  const { user, password } = await createUser(t);
  const res = await fetch(`${t.url}${AUTH_ROUTES.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername: user.email, password }),
  });
  expect(res.status).toBe(200);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { user, res, cookie, token: cookie.value };
}

const withSession = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), cookie: `${SESSION_COOKIE}=${token}` },
});

const storedExpiry = async (app: TestApp, token: string) => {
  const [row] = await app.app.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSecret(token)));
  return row?.expiresAt.getTime() ?? 0;
};
const moveExpiry = (app: TestApp, token: string, expiresAt: number) =>
  app.app.database.db
    .update(sessions)
    .set({ expiresAt: new Date(expiresAt) })
    .where(eq(sessions.tokenHash, hashSecret(token)));

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, lasts 30 days and is not Secure over http', async ({
    t,
  }) => {
    const { cookie } = await signIn(t);
    const { attributes } = cookie;
    expect(attributes.has('httponly')).toBe(true);
    expect(attributes.get('samesite')).toBe('Lax');
    expect(attributes.get('path')).toBe('/');
    expect(attributes.has('secure')).toBe(false);
    expect(Number(attributes.get('max-age'))).toBeGreaterThan(SESSION_TTL_MS / 1000 - 60);
    expect(Number(attributes.get('max-age'))).toBeLessThanOrEqual(SESSION_TTL_MS / 1000);
  });

  it('is Secure when PUBLIC_URL is https', async ({ secure }) => {
    const { cookie } = await signIn(secure);
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
  });

  it('is stored only as a hash: the token appears nowhere in the sessions table', async ({ t }) => {
    const { user, token } = await signIn(t);
    const rows = await t.app.database.db.select().from(sessions);
    const mine = rows.filter((row) => row.userId === user.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.tokenHash).toBe(hashSecret(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('is sent again with a later expiry when a request renews the session', async ({ t }) => {
    const { token } = await signIn(t);
    // As if the user signed in 10 days ago and has not been back since.
    const before = Date.now() + SESSION_TTL_MS - 10 * DAY;
    await moveExpiry(t, token, before);

    const res = await fetch(`${t.url}${AUTH_ROUTES.session}`, withSession(token));
    expect(((await res.json()) as { user: unknown }).user).not.toBeNull();
    const renewed = sessionCookieOf(res);
    expect(renewed?.value).toBe(token);
    const expires = Date.parse(renewed?.attributes.get('expires') ?? '');
    expect(expires).toBeGreaterThan(before + 9 * DAY);
    expect(expires).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
    expect(Number(renewed?.attributes.get('max-age'))).toBeGreaterThan(SESSION_TTL_MS / 1000 - 60);
    expect(renewed?.attributes.has('httponly')).toBe(true);
    expect(renewed?.attributes.get('samesite')).toBe('Lax');
    expect(Math.abs((await storedExpiry(t, token)) - expires)).toBeLessThan(1000);

    // Renewed for today: the next requests set no cookie.
    const again = await fetch(`${t.url}${AUTH_ROUTES.session}`, withSession(token));
    expect(sessionCookieOf(again)).toBeNull();
  });

  it('is renewed by any request that reads the session, such as a function call', async ({ t }) => {
    const { token } = await signIn(t);
    await moveExpiry(t, token, Date.now() + 2 * DAY);
    const res = await fetch(
      `${t.url}/api/query`,
      withSession(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: 'users.getPreferences', args: {}, format: 'json' }),
      }),
    );
    expect(res.status).toBe(200);
    expect(sessionCookieOf(res)?.value).toBe(token);
    expect(await storedExpiry(t, token)).toBeGreaterThan(Date.now() + SESSION_TTL_MS - 60_000);
  });

  it('is not sent again when the session is fresh, nor on a request that signs out', async ({
    t,
  }) => {
    const { token } = await signIn(t);
    const fresh = await fetch(`${t.url}${AUTH_ROUTES.session}`, withSession(token));
    expect(sessionCookieOf(fresh)).toBeNull();

    await moveExpiry(t, token, Date.now() + 2 * DAY);
    const out = await fetch(
      `${t.url}${AUTH_ROUTES.session}`,
      withSession(token, { method: 'DELETE' }),
    );
    expect(out.status).toBe(200);
    const lines = out.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(lines).toHaveLength(1);
    expect(sessionCookieOf(out)?.value).toBe('');
  });
});
