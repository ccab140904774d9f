import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_ERRORS, AUTH_ROUTES, VALIDATION } from '@music-rooms/domain';
import { rooms, users, userTokens } from '../../src/db/schema';
import { defineFunction } from '../../src/functions';
import { MAX_JSON_NESTING } from '../../src/json-nesting';
import type { TestApp } from '../helpers/app';
import type { FunctionBody, JsonReply } from '../helpers/factories';
import { describe, expect, test } from '../helpers/fixtures';

/** Text no database column takes (NUL), and UTF-16 halves without their pair. */
const MALFORMED = [
  ['a NUL', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', '\udc00ab'],
] as const;

/** Names that show nothing: zero-width characters, direction marks and overrides, BOM. */
const INVISIBLE = ['\u200b\u200d', '\u202e\u2066\u2069', '\u200e\u200f\ufeff', '\u3164\u2060'];

let probeRan = false;
/** A function whose schema takes any object: only the runner's own check stands in the way. */
const probe = defineFunction('query', {
  path: 'probe.anything',
  args: z.record(z.string(), z.unknown()),
  handler: () => {
    probeRan = true;
    return null;
  },
});

const it = test
  .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
  }))
  .extend('appOptions', { scope: 'file' }, { functions: [probe] });

/** How many rows each table that these calls could write to holds. */
async function rowCounts(t: TestApp) {
  const db = t.app.database.db;
  const rowsOf = async (table: typeof users | typeof rooms | typeof userTokens) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    users: await rowsOf(users),
    rooms: await rowsOf(rooms),
    tokens: await rowsOf(userTokens),
  };
}

/** A route's refusal of malformed text: 400 validation.invalidFormat naming the field. */
function expectRouteRefusal(res: JsonReply, field: string) {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({
    key: VALIDATION.invalidFormat,
    statusMessage: VALIDATION.invalidFormat,
    message: 'Invalid format',
    field,
  });
}

/** A function's refusal: 560 invalid_args with the validation key and the field. */
function expectArgsRefusal(res: JsonReply<FunctionBody>, field: string, key: string) {
  expect(res.status).toBe(560);
  expect(res.body.errorData).toMatchObject({ code: 'invalid_args', key, field });
}

const signUpForm = () => {
  const id = Math.random().toString(36).slice(2, 10);
  return {
    name: 'New One',
    username: `new_${id}`,
    email: `new-${id}@example.com`,
    password: 'secret-1',
  };
};

describe('NUL and lone surrogates in HTTP routes', () => {
  it.for(MALFORMED)(
    'sign-in refuses %s in either field (400, nothing looked up)',
    async ([, bad], { f }) => {
      const { user, password } = await f.user();
      for (const [field, form] of [
        ['emailOrUsername', { emailOrUsername: bad, password }],
        ['password', { emailOrUsername: user.username, password: `${password}${bad}` }],
      ] as const) {
        expectRouteRefusal(await f.guestFrom().post(AUTH_ROUTES.login, form), field);
      }
    },
  );

  it.for(MALFORMED)(
    'sign-up refuses %s in any field and creates no account',
    async ([, bad], { t, f }) => {
      const before = await rowCounts(t);
      for (const field of ['name', 'username', 'email', 'password'] as const) {
        const form = signUpForm();
        const res = await f
          .guestFrom()
          .post(AUTH_ROUTES.register, { ...form, [field]: `${form[field]}${bad}` });
        expectRouteRefusal(res, field);
      }
      expect(await rowCounts(t)).toEqual(before);
    },
  );

  it.for(MALFORMED)('a reset request refuses %s and mails nothing', async ([, bad], { t, f }) => {
    const { user } = await f.user();
    const before = await rowCounts(t);
    const res = await f.guestFrom().post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: `${user.email}${bad}`,
    });
    expectRouteRefusal(res, 'emailOrUsername');
    expect(await rowCounts(t)).toEqual(before);
  });

  it('refuses malformed text in a body field no schema names, in the query and in the path', async ({
    f,
  }) => {
    const guest = f.guestFrom();
    const login = {
      emailOrUsername: 'someone',
      password: 'whatever',
      extra: { list: ['x\u0000'] },
    };
    expectRouteRefusal(await guest.post(AUTH_ROUTES.login, login), 'extra.list.0');
    expectRouteRefusal(await guest.get('/api/config?lang=x%00y'), 'query.lang');
    expectRouteRefusal(await guest.get('/api/auth/link-git%00hub'), 'params.provider');
  });
});

/** A NUL at the bottom of arrays nested `depth` deep. */
const deeplyNested = (depth: number) =>
  `${'['.repeat(depth)}${JSON.stringify('x\u0000')}${']'.repeat(depth)}`;

/**
 * Arrays as deep as a function's args may hold them: the body and `args` are two of the
 * levels a body may nest (json-nesting.test.ts refuses deeper ones).
 */
const DEPTH = MAX_JSON_NESTING - 2;

describe('a deeply nested body', () => {
  it('is refused naming only the start of its path, by a route and by a function', async ({
    t,
  }) => {
    const route = await fetch(`${t.url}${AUTH_ROUTES.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"emailOrUsername":"bob","password":"secret","extra":${deeplyNested(DEPTH + 1)}}`,
    });
    expect(route.status).toBe(400);
    expect(await route.json()).toMatchObject({ field: 'extra.0.0.0.0.0.0.0.0.0.…' });
    const call = await fetch(`${t.url}/api/function`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"path":"probe.anything","args":{"deep":${deeplyNested(DEPTH)}}}`,
    });
    expect(call.status).toBe(560);
    const body = (await call.json()) as FunctionBody;
    expect(body.errorData).toMatchObject({
      key: VALIDATION.invalidFormat,
      field: 'deep.0.0.0.0.0.0.0.0.0.…',
    });
  });
});

describe('NUL and lone surrogates in backend functions', () => {
  it.for(MALFORMED)(
    'a room search with %s is invalid_args on the search field',
    async ([, bad], { f }) => {
      const res = await f.guest().call('rooms.getPublicRoomsWithAuthors', { search: `jazz${bad}` });
      expectArgsRefusal(res, 'search', VALIDATION.invalidFormat);
    },
  );

  it.for(MALFORMED)(
    'rooms.create refuses %s in any text field and creates no room',
    async ([, bad], { t, f }) => {
      const { client } = await f.signedInUser();
      const before = await rowCounts(t);
      const room = {
        name: 'Jazz',
        room_url: 'jazz-night',
        description: 'Late',
        password: 'door-pass',
      };
      for (const field of ['name', 'room_url', 'description', 'password'] as const) {
        const res = await client.call('rooms.create', { ...room, [field]: `${room[field]}${bad}` });
        expectArgsRefusal(res, field, VALIDATION.invalidFormat);
      }
      expect(await rowCounts(t)).toEqual(before);
    },
  );

  it.for(MALFORMED)(
    'users.updateUserProfile refuses %s and changes nothing',
    async ([, bad], { t, f }) => {
      const { user, client } = await f.signedInUser();
      for (const field of ['name', 'username', 'email'] as const) {
        const res = await client.call('users.updateUserProfile', {
          id: user.id,
          [field]: `x${bad}`,
        });
        expectArgsRefusal(res, field, VALIDATION.invalidFormat);
      }
      const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: user.name, username: user.username, email: user.email });
    },
  );

  it('checks every string of the args, nested or a key, before the schema and the handler', async ({
    f,
  }) => {
    probeRan = false;
    const guest = f.guest();
    const nested = await guest.call('probe.anything', { a: { list: ['fine', 'x\u0000'] } });
    expectArgsRefusal(nested, 'a.list.1', VALIDATION.invalidFormat);
    expect(nested.body.errorMessage).toBe(
      'Invalid arguments for probe.anything: a.list.1: Invalid format',
    );
    const key = await guest.call('probe.anything', { ['\ud800']: 1 });
    expectArgsRefusal(key, '\ufffd', VALIDATION.invalidFormat);
    expect(probeRan).toBe(false);
    expect((await guest.call('probe.anything', { a: ['fine 😀'] })).status).toBe(200);
    expect(probeRan).toBe(true);
  });
});

describe('names made only of invisible characters, and over-long e-mail addresses', () => {
  it.for(INVISIBLE)(
    'sign-up takes the name %j as blank (allFieldsRequired)',
    async (name, { t, f }) => {
      const before = await rowCounts(t);
      const res = await f.guestFrom().post(AUTH_ROUTES.register, { ...signUpForm(), name });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ key: AUTH_ERRORS.allFieldsRequired });
      expect(await rowCounts(t)).toEqual(before);
    },
  );

  it.for(INVISIBLE)('a room named %j is refused as validation.required', async (name, { f }) => {
    const { client } = await f.signedInUser();
    const res = await client.call('rooms.create', { name, room_url: 'blank-name' });
    expectArgsRefusal(res, 'name', VALIDATION.required);
  });

  it.for(INVISIBLE)('a display name %j is refused as validation.required', async (name, { f }) => {
    const { user, client } = await f.signedInUser();
    const res = await client.call('users.updateUserProfile', { id: user.id, name });
    expect(res.status).toBe(560);
    expect(res.body.errorData.key).toBe(VALIDATION.required);
  });

  it('takes an e-mail address of 254 characters and refuses one of 255', async ({ t, f }) => {
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(63)}.com`;
    const longest = `${'a'.repeat(64)}@${domain}`;
    expect(longest).toHaveLength(254);
    const tooLong = `${'a'.repeat(65)}@${domain}`;
    const before = await rowCounts(t);
    const refused = await f
      .guestFrom()
      .post(AUTH_ROUTES.register, { ...signUpForm(), email: tooLong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ key: AUTH_ERRORS.invalidEmail });
    expect(await rowCounts(t)).toEqual(before);
    const { user, client } = await f.signedInUser();
    const profile = await client.call('users.updateUserProfile', { id: user.id, email: tooLong });
    expect(profile.status).toBe(560);
    expect(profile.body.errorData.key).toBe(VALIDATION.invalidEmail);
    const taken = await f
      .guestFrom()
      .post(AUTH_ROUTES.register, { ...signUpForm(), email: longest });
    expect(taken.status).toBe(200);
  });
});
