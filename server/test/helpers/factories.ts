import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AUTH_ROUTES, type FunctionErrorData } from '@music-rooms/domain';
import type { TestApp } from './app';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/services/accounts/passwords';
import type { SessionType } from '@music-rooms/domain/auth';
import { SESSION_COOKIE } from '../../src/plugins/session';
import { createSession } from '../../src/services/accounts/sessions';
import type { UserRow } from '../../src/services/accounts/users-store';
import { createUserAccount } from '../../src/services/accounts/users';

export type UserOverrides = {
  name?: string;
  username?: string;
  email?: string;
  /** The plain password; null makes an account without one (signed up through a provider). */
  password?: string | null;
  googleId?: string | null;
  githubId?: string | null;
  spotifyId?: string | null;
  superAdmin?: boolean;
  avatar?: string;
  /** The owner has verified the e-mail (as the mailed link does). */
  emailVerified?: boolean;
};

export type CreatedUser = { user: UserRow; password: string | null };

const unique = () => randomBytes(4).toString('hex');

/**
 * A random client address for an `x-forwarded-for` header. An app started with
 * TRUST_PROXY=true counts each such client apart, so a file's many requests do not add up
 * against one address's rate limits; other apps ignore the header.
 */
export function randomAddress(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${(c % 250) + 1}`;
}

/** Inserts an account straight into the app's database, with a unique name, e-mail and password. */
export async function createUser(t: TestApp, overrides: UserOverrides = {}): Promise<CreatedUser> {
  const db = t.app.database.db;
  const id = unique();
  const password = overrides.password === undefined ? `pass-${id}` : overrides.password;
  let user = await createUserAccount(db, {
    name: overrides.name ?? `User ${id}`,
    username: overrides.username ?? `user_${id}`,
    email: overrides.email ?? `user-${id}@example.com`,
    passwordHash: password === null ? null : await hashPassword(password),
    googleId: overrides.googleId ?? null,
    githubId: overrides.githubId ?? null,
    spotifyId: overrides.spotifyId ?? null,
  });
  if (
    overrides.superAdmin !== undefined ||
    overrides.avatar !== undefined ||
    overrides.emailVerified
  ) {
    const verifiedEmail = overrides.emailVerified ? user.email.toLowerCase() : null;
    const [updated] = await db
      .update(users)
      .set({
        superAdmin: overrides.superAdmin ?? false,
        avatar: overrides.avatar ?? user.avatar,
        verifiedEmail,
      })
      .where(eq(users.id, user.id))
      .returning();
    user = updated as UserRow;
  }
  return { user, password };
}

export type JsonObject = Record<string, unknown>;

/** The answer of a backend function, success or error, with both sets of fields for tests to read. */
export type FunctionBody = {
  status: 'success' | 'error';
  value: unknown;
  errorMessage: string;
  errorData: FunctionErrorData;
  logLines: string[];
};
export type JsonReply<Body = JsonObject> = { status: number; body: Body };

/** A fetch that keeps the cookies the server sets, as a browser tab would. */
export type SessionClient = {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** POSTs JSON (an empty object by default) and reads the JSON answer. */
  post: <Body = JsonObject>(path: string, body?: unknown) => Promise<JsonReply<Body>>;
  get: <Body = JsonObject>(path: string) => Promise<JsonReply<Body>>;
  /** Calls a backend function through /api/function; `body.value` holds its answer. */
  call: <Body = FunctionBody>(path: string, args?: unknown) => Promise<JsonReply<Body>>;
  /** The Cookie header this client sends (empty when it holds none). */
  cookie: () => string;
  setCookie: (name: string, value: string) => void;
};

/**
 * A cookie-keeping client. `headers` go with every request: with TRUST_PROXY=true, an
 * `x-forwarded-for` header makes the client look like it comes from that address.
 */
export function sessionClient(
  baseUrl: string,
  defaults: { headers?: Record<string, string> } = {},
): SessionClient {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const doFetch = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers({ ...defaults.headers });
    new Headers(init.headers).forEach((value, name) => headers.set(name, value));
    if (jar.size > 0) headers.set('cookie', cookie());
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const cleared = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (cleared || value === '') jar.delete(name.trim());
      else jar.set(name.trim(), value.trim());
    }
    return res;
  };
  const readJson = async <Body>(res: Response): Promise<JsonReply<Body>> => {
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Body };
  };
  const post = async <Body>(path: string, body: unknown = {}) =>
    readJson<Body>(
      await doFetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
  return {
    fetch: doFetch,
    cookie,
    setCookie: (name, value) => void jar.set(name, value),
    post,
    get: async (path) => readJson(await doFetch(path)),
    call: (path, args = {}) => post('/api/function', { path, args, format: 'json' }),
  };
}

/** Signs in through the real login route and returns a client holding the session cookie. */
export async function signedInClient(
  baseUrl: string,
  emailOrUsername: string,
  password: string,
): Promise<SessionClient> {
  const client = sessionClient(baseUrl, { headers: { 'x-forwarded-for': randomAddress() } });
  const res = await client.post(AUTH_ROUTES.login, { emailOrUsername, password });
  if (res.status !== 200) {
    throw new Error(
      `sign-in as ${emailOrUsername} failed: ${res.status} ${JSON.stringify(res.body)}`,
    );
  }
  return client;
}

/**
 * A client signed in as the user without going through a sign-in route: the session is
 * created in the database and its cookie handed to the client (works for accounts without a
 * password, such as ones made through a provider).
 */
export async function clientFor(
  t: TestApp,
  user: UserRow,
  type: SessionType = 'password',
): Promise<SessionClient> {
  const { token } = await createSession(t.app.database.db, { userId: user.id, type });
  const client = sessionClient(t.url);
  client.setCookie(SESSION_COOKIE, token);
  return client;
}

/** Factories bound to one test app: `const f = factories(t); const { user } = await f.user()`. */
export function factories(t: TestApp) {
  return {
    user: (overrides: UserOverrides = {}) => createUser(t, overrides),
    /** A new account with a session: its row, password (or null) and a client holding the cookie. */
    signedInUser: async (overrides: UserOverrides = {}, type: SessionType = 'password') => {
      const created = await createUser(t, overrides);
      return { ...created, client: await clientFor(t, created.user, type) };
    },
    guest: () => sessionClient(t.url),
    /**
     * A guest that seems to come from `address` (a fresh random one by default): an app started
     * with TRUST_PROXY=true counts its rate limits apart from other clients'.
     */
    guestFrom: (address: string = randomAddress()) =>
      sessionClient(t.url, { headers: { 'x-forwarded-for': address } }),
  };
}

export type Factories = ReturnType<typeof factories>;
