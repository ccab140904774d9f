import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import {
  FUNCTION_CONTRACT,
  FUNCTION_ENDPOINTS,
  FUNCTION_ERROR_STATUS,
  OAUTH_PROVIDERS,
  type ContractPath,
} from '@music-rooms/domain';
import type { TestApp } from '../helpers/app';
import {
  arbitraryOf,
  fieldsOf,
  hostileFieldOf,
  validArbitraryOf,
  type Hints,
} from '../helpers/arbitraries';
import {
  clientFor,
  randomAddress,
  sessionClient,
  type CreatedUser,
  type SessionClient,
} from '../helpers/factories';
import { expect, test } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { MAX_JSON_NESTING } from '../../src/json-nesting';

/**
 * Every backend function of the contract and every HTTP route, called with arguments derived
 * from their own schemas and mixed with hostile values (NUL, lone surrogates, long and SQL-ish
 * text, wrong types, missing fields), as a guest and as a room owner: no call may answer a 5xx
 * (560 is a function's refusal), and the server stays healthy. Besides the free mix, each field
 * in turn gets a hostile value while every other field is valid, so that the value reaches the
 * services and their SQL. The seed is fixed, so a failure reproduces.
 */

const SEED = 20_240_609;
/** Free-mix calls of each function or route, per caller. */
const RUNS = 8;
/** Calls with one hostile field, per field and caller. */
const FIELD_RUNS = 5;

/** Functions whose `room_url` is a new one, not one to look up. */
const NEW_URL = new Set<ContractPath>(['rooms.create', 'rooms.update']);

/** Routes that only serve files or the web app's shell. */
const FILE_ROUTES = new Set([
  '*',
  '/',
  '/builds/latest.json',
  '/builds/meta/:file',
  '/oauth-popup.js',
]);

type Route = { method: string; url: string; schema: RouteOptions['schema'] };
const routes: Route[] = [];

/**
 * The accounts and rooms calls may name: a room owner (the signed-in caller), someone else,
 * and a password-protected room of the owner's for the gate.
 */
const fuzz = test
  .extend('people', { scope: 'file' }, async ({ t, f }) => {
    const owner = await f.user();
    const gated = await createRoom(t, { owner: owner.user, password: 'room-pass' });
    return { owner, other: await f.user(), gated };
  })
  // Rate limits count per client address: each call comes from a random one (x-forwarded-for).
  // The streaming service is a closed port on loopback: its calls fail at once, as a network error.
  .extend('appEnv', { scope: 'file' }, ({ dataDir }) => ({
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    YANDEX_MUSIC_API_URL: 'http://127.0.0.1:9',
  }))
  .extend(
    'appOptions',
    { scope: 'file' },
    {
      onRoute: (route: RouteOptions) => {
        for (const method of [route.method].flat()) {
          if (method === 'HEAD' || FILE_ROUTES.has(route.url)) continue;
          routes.push({ method, url: route.url, schema: route.schema });
        }
      },
    },
  );

type People = { owner: CreatedUser; other: CreatedUser; gated: { id: string; roomUrl: string } };
type Caller = { name: string; client: SessionClient };
type Call = { method: string; url: string; body?: unknown };
type Failure = { target: string; caller: string; status: number; call: string };
/** The parts of a request that carry input, each with its schema. */
type Parts = Partial<Record<'params' | 'query' | 'body', z.ZodType>>;
type PartValues = Partial<Record<keyof Parts, unknown>>;

/** A guest, and the owner with a fresh session and a fresh room (a call may remove either). */
async function setUp(t: TestApp, { owner, other, gated }: People) {
  const room = await createRoom(t, { owner: owner.user });
  const hints: Hints = {
    id: [room.id, owner.user.id],
    roomId: [room.id, gated.id],
    exclude_id: [room.id],
    userId: [owner.user.id, other.user.id],
    room_url: [room.roomUrl, gated.roomUrl],
    email: [owner.user.email],
    emailOrUsername: [owner.user.username, owner.user.email],
    usernameOrEmail: [other.user.username],
    password: ['room-pass', owner.password],
    currentPassword: [owner.password],
    provider: OAUTH_PROVIDERS,
    path: Object.keys(FUNCTION_CONTRACT),
  };
  const callers: Caller[] = [
    { name: 'guest', client: sessionClient(t.url) },
    { name: 'owner', client: await clientFor(t, owner.user) },
  ];
  return { hints, callers, room };
}

/** The free mix, then each field of each part hostile in turn, as calls. */
function callsOf(parts: Parts, hints: Hints, toCall: (values: PartValues) => Call) {
  const partsWith = (hostile?: { part: keyof Parts; name: string }) =>
    fc.record(
      Object.fromEntries(
        Object.entries(parts).map(([part, schema]) => [
          part,
          hostile?.part === part
            ? hostileFieldOf(schema, hostile.name, hints)
            : hostile
              ? validArbitraryOf(schema, hints)
              : arbitraryOf(schema, hints),
        ]),
      ) as Record<keyof Parts, fc.Arbitrary<unknown>>,
    );
  // A request with no input at all is the same request each time: once is enough.
  const runs = Object.keys(parts).length > 0 ? RUNS : 1;
  const sets = [{ calls: partsWith().map(toCall), runs }];
  for (const [part, schema] of Object.entries(parts) as [keyof Parts, z.ZodType][]) {
    for (const name of fieldsOf(schema)) {
      sets.push({ calls: partsWith({ part, name }).map(toCall), runs: FIELD_RUNS });
    }
  }
  return sets;
}

/** Makes every call of a target as each caller; answers the faults met. */
async function callAll(target: string, callers: Caller[], sets: ReturnType<typeof callsOf>) {
  const failures: Failure[] = [];
  for (const [index, caller] of callers.entries()) {
    for (const [set, { calls, runs }] of sets.entries()) {
      const seed = SEED + 1000 * index + set;
      for (const call of fc.sample(calls, { seed, numRuns: runs })) {
        const status = await send(caller.client, call);
        if (status >= 500 && status !== FUNCTION_ERROR_STATUS) {
          failures.push({ target, caller: caller.name, status, call: describeCall(call) });
        }
      }
    }
  }
  return failures;
}

/** From a random address each time, so that the rate limits of one address do not end the run. */
async function send(client: SessionClient, call: Call): Promise<number> {
  const headers: Record<string, string> = { 'x-forwarded-for': randomAddress() };
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const res = await client.fetch(call.url, { method: call.method, headers, body });
  await res.arrayBuffer();
  return res.status;
}

const describeCall = (call: Call) =>
  `${call.method} ${call.url} ${JSON.stringify(call.body) ?? ''}`.slice(0, 500);

fuzz.for(Object.keys(FUNCTION_CONTRACT) as ContractPath[])(
  'function %s answers any arguments with a success or a refusal, never a 5xx',
  async (path, { t, people }) => {
    const { hints, callers, room } = await setUp(t, people);
    // users.* take the user's own id, rooms.* a room's; a room's new URL is not a taken one.
    const id = path.startsWith('users.') ? people.owner.user.id : room.id;
    const own = { ...hints, id: [id], ...(NEW_URL.has(path) ? { room_url: [] } : {}) };
    const sets = callsOf({ body: FUNCTION_CONTRACT[path].args }, own, ({ body }) => ({
      method: 'POST',
      url: '/api/function',
      body: { path, args: body },
    }));
    expect(await callAll(path, callers, sets)).toEqual([]);
  },
);

fuzz(
  'every HTTP route answers any request with a success or a refusal, never a 5xx',
  async ({ t, people }) => {
    expect(routes.length).toBeGreaterThan(15);
    const failures: Failure[] = [];
    for (const route of routes) {
      const { hints, callers } = await setUp(t, people);
      const sets = callsOf(partsOf(route), hints, ({ params, query, body }) => ({
        method: route.method,
        url: urlOf(route.url, params, query),
        body,
      }));
      failures.push(...(await callAll(`${route.method} ${route.url}`, callers, sets)));
    }
    expect(failures).toEqual([]);
  },
);

/**
 * Bodies nested past the limit, as raw text (JSON.stringify cannot write the deepest), in a
 * function call any function endpoint would otherwise run: one level past the limit, and the
 * black-box test's 0.8 MB of arrays 400,000 deep and of objects 130,000 deep.
 */
const NESTED_BODIES = [
  nested('[', ']', MAX_JSON_NESTING - 1),
  nested('[', ']', 400_000),
  nested('{"a":', '}', 130_000),
].map((value) => `{"path":"rooms.getPublicRoomsWithAuthors","args":{"search":${value}}}`);

function nested(open: string, close: string, depth: number) {
  return `${open.repeat(depth)}0${close.repeat(depth)}`;
}

/**
 * A refusal: 400 from the JSON parser, or whatever a route answers before it reads a body (no
 * sign-in, a smaller body limit, nothing at that path). Never a success, never a 5xx.
 */
const isRefusal = (status: number) => status >= 400 && status < 500;
/** The function endpoints read every body: theirs is the parser's 400. */
const FUNCTION_PATHS = new Set<string>(Object.values(FUNCTION_ENDPOINTS));

fuzz(
  'every route that reads a body, functions included, refuses one nested too deep',
  async ({ t }) => {
    const failures: Failure[] = [];
    const withBody = routes.filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method));
    expect(withBody.filter(({ url }) => FUNCTION_PATHS.has(url))).toHaveLength(FUNCTION_PATHS.size);
    for (const route of withBody) {
      for (const body of NESTED_BODIES) {
        const url = urlOf(route.url, {}, undefined);
        const res = await fetch(`${t.url}${url}`, {
          method: route.method,
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomAddress() },
          body,
        });
        await res.arrayBuffer();
        const isFunction = FUNCTION_PATHS.has(url);
        if (!isRefusal(res.status) || (isFunction && res.status !== 400)) {
          const call = `${body.slice(0, 40)}… (${body.length} characters)`;
          failures.push({
            target: `${route.method} ${url}`,
            caller: 'guest',
            status: res.status,
            call,
          });
        }
      }
    }
    expect(failures).toEqual([]);
  },
);

fuzz('the server is still healthy after the fuzzing', async ({ t, people }) => {
  const health = await fetch(`${t.url}/api/health`);
  expect(health.status).toBe(200);
  const { callers } = await setUp(t, people);
  for (const { client } of callers) {
    const res = await client.call('rooms.getPublicRoomsWithAuthors', {});
    expect(res.status).toBe(200);
  }
});

/**
 * A route's input schemas, back from the JSON Schema it declared: the path parameters (any
 * text when undeclared), the query, and the body of a POST (any object when undeclared).
 */
function partsOf(route: Route): Parts {
  const declared = (route.schema ?? {}) as Record<'params' | 'querystring' | 'body', unknown>;
  const fromJson = (json: unknown) =>
    z.fromJSONSchema(json as Parameters<typeof z.fromJSONSchema>[0]);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const parts: Parts = {};
  if (declared.params) parts.params = fromJson(declared.params);
  else if (names.length > 0) {
    parts.params = z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
  }
  if (declared.querystring) parts.query = fromJson(declared.querystring);
  if (declared.body) parts.body = fromJson(declared.body);
  else if (route.method === 'POST') parts.body = z.record(z.string(), z.unknown());
  return parts;
}

function urlOf(pattern: string, params: unknown, query: unknown): string {
  const values = isRecord(params) ? params : {};
  const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
    encodePart(String(values[name] ?? 'x')),
  );
  if (!isRecord(query)) return path;
  const search = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${encodePart(name)}=${encodePart(text)}`;
    });
  return search.length > 0 ? `${path}?${search.join('&')}` : path;
}

/** Percent-encoded; a lone surrogate becomes the bytes UTF-8 would give it (invalid UTF-8). */
function encodePart(value: string): string {
  return value.replace(/[\s\S]/gu, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
