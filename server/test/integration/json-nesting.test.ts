import { z } from 'zod';
import { AUTH_ERRORS, AUTH_ROUTES, VALIDATION } from '@music-rooms/domain';
import { defineFunction } from '../../src/functions';
import { MAX_JSON_NESTING } from '../../src/json-nesting';
import type { TestApp } from '../helpers/app';
import { describe, expect, test } from '../helpers/fixtures';
import { connectAsGuest, type TestSocket } from '../helpers/realtime';

/** What the probe function was last called with. */
let probeArgs: unknown = null;
/** A function whose schema takes any object: it records what reached it. */
const probe = defineFunction('query', {
  path: 'probe.anything',
  args: z.record(z.string(), z.unknown()),
  handler: (_ctx, args) => {
    probeArgs = args;
    return null;
  },
});

const it = test.extend('appOptions', { scope: 'file' }, { functions: [probe] });

/** Arrays nested `depth` deep around a zero: 2 bytes a level. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;
/** Objects nested `depth` deep (`{"a":{"a":…}}`): 6 bytes a level. */
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
/** An array of `count` zeros: as long as nestedArrays(count / 2), one level deep. */
const flatArray = (count: number) => `[${Array.from({ length: count }, () => '0').join(',')}]`;

/** The deep bodies of a black-box test: about 0.8 MB each, under the 1 MB body limit. */
const DEEP = [
  ['arrays', nestedArrays(400_000)],
  ['objects', nestedObjects(130_000)],
] as const;

function postRaw(t: TestApp, path: string, body: string) {
  return fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}

const callBody = (args: string) => `{"path":"probe.anything","args":{"value":${args}}}`;
const signInBody = (extra: string) =>
  `{"emailOrUsername":"nobody","password":"secret-1","extra":${extra}}`;

/** The refusal of a body nested too deep: 400 validation.invalidFormat on the field `body`. */
async function expectNestingRefusal(res: Response) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    statusCode: 400,
    key: VALIDATION.invalidFormat,
    statusMessage: VALIDATION.invalidFormat,
    message: 'Invalid format',
    field: 'body',
  });
}

describe('a JSON body nested deeper than the limit', () => {
  it.for(DEEP)('of %s is refused with 400 by a route', async ([, deep], { t }) => {
    await expectNestingRefusal(await postRaw(t, AUTH_ROUTES.login, signInBody(deep)));
  });

  it.for(DEEP)(
    'of %s is refused with 400 by the function endpoints, and the function never runs',
    async ([, deep], { t }) => {
      probeArgs = null;
      for (const endpoint of ['function', 'query']) {
        await expectNestingRefusal(await postRaw(t, `/api/${endpoint}`, callBody(deep)));
      }
      expect(probeArgs).toBeNull();
    },
  );

  it('is refused one level past the limit; at the limit it reaches the function', async ({ t }) => {
    // The body itself and its `args` are two of the levels.
    const atLimit = callBody(nestedArrays(MAX_JSON_NESTING - 2));
    const res = await postRaw(t, '/api/function', atLimit);
    expect(res.status).toBe(200);
    expect(JSON.stringify(probeArgs)).toBe(`{"value":${nestedArrays(MAX_JSON_NESTING - 2)}}`);
    const pastLimit = callBody(nestedArrays(MAX_JSON_NESTING - 1));
    await expectNestingRefusal(await postRaw(t, '/api/function', pastLimit));
  });

  it('counts no brackets inside strings', async ({ t }) => {
    const text = `${'[{'.repeat(200)}\\"]}`;
    const res = await postRaw(t, '/api/function', callBody(JSON.stringify(text)));
    expect(res.status).toBe(200);
    expect(probeArgs).toEqual({ value: text });
  });
});

describe('a flat JSON body of the same size', () => {
  it('reaches the function whole', async ({ t }) => {
    const flat = flatArray(400_000);
    expect(flat.length).toBeGreaterThan(nestedArrays(400_000).length - 10);
    const res = await postRaw(t, '/api/function', callBody(flat));
    expect(res.status).toBe(200);
    expect((probeArgs as { value: number[] }).value).toHaveLength(400_000);
  });

  it('is read by a route as usual (a wrong sign-in)', async ({ t }) => {
    const res = await postRaw(t, AUTH_ROUTES.login, signInBody(flatArray(400_000)));
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ key: AUTH_ERRORS.loginFailed });
  });
});

/** Whether the server answered the socket's live query or ended the connection first. */
function answerOrEnd(socket: TestSocket): Promise<'answered' | 'ended'> {
  return new Promise((resolve) => {
    socket.once('query:value', () => resolve('answered'));
    socket.once('query:error', () => resolve('answered'));
    socket.once('disconnect', () => resolve('ended'));
  });
}

describe('a realtime message nested deeper than the limit', () => {
  it('ends its connection unread; a message within the limit is answered', async ({ t }) => {
    const socket = await connectAsGuest(t);
    const nested = JSON.parse(nestedArrays(MAX_JSON_NESTING - 4)) as unknown;
    const answered = answerOrEnd(socket);
    socket.emit('subscribe', { id: 'within', path: 'probe.anything', args: { value: nested } });
    expect(await answered).toBe('answered');

    const deep = JSON.parse(nestedArrays(1_000)) as unknown;
    const ended = answerOrEnd(socket);
    socket.emit('subscribe', { id: 'deep', path: 'probe.anything', args: { value: deep } });
    expect(await ended).toBe('ended');
    socket.close();
  });
});
