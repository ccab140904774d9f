import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFunction } from '../../src/functions';
import { DomainError, PLATFORM_ERRORS, ROOM_ERRORS, VALIDATION } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { callFunction, postJson } from '../helpers/http';
import { signedInToken } from '../helpers/realtime';

const testFunctions = [
  defineFunction('query', {
    path: 'probe.echo',
    args: z.object({ word: z.string() }),
    handler: (ctx, { word }) => {
      ctx.log(`echo ${word}`);
      return { word, caller: ctx.caller };
    },
  }),
  defineFunction('query', {
    path: 'probe.refuse',
    args: z.object({}),
    handler: (ctx) => {
      ctx.log('checking the url');
      throw new DomainError('conflict', ROOM_ERRORS.urlTaken, { field: 'url' });
    },
  }),
  defineFunction('query', {
    path: 'probe.crash',
    args: z.object({}),
    handler: () => {
      throw new Error('database password is hunter2');
    },
  }),
  defineFunction('mutation', {
    path: 'probe.change',
    args: z.object({}),
    handler: () => ({ changed: true }),
  }),
  defineFunction('action', { path: 'probe.act', args: z.object({}), handler: () => 'acted' }),
];

describe('backend functions over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(
      { ADMIN_KEY: 'admin-secret' },
      { functions: testFunctions, captureLogs: true },
    );
  });
  afterAll(() => t.close());

  it('answers a query with its value and log lines', async () => {
    const res = await callFunction(t, 'query', 'probe.echo', { word: 'hi' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      value: {
        word: 'hi',
        caller: { userId: null, sessionId: null, viaAdminKey: false, address: '127.0.0.1' },
      },
      logLines: ['echo hi'],
    });
  });

  it('accepts args as a one-element array', async () => {
    const res = await callFunction(t, 'query', 'probe.echo', [{ word: 'array' }]);
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ word: 'array' });
  });

  it('accepts the module:name form of a path', async () => {
    const res = await callFunction(t, 'query', 'probe:echo', { word: 'colon' });
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ word: 'colon' });
  });

  it('treats missing args as an empty object (system.serverTime)', async () => {
    const before = Date.now();
    const res = await postJson(t, '/api/query', { path: 'system.serverTime' });
    expect(res.status).toBe(200);
    const { now } = res.body.value as { now: number };
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("answers a function's own error with status 560, its code, data and log lines", async () => {
    const res = await callFunction(t, 'query', 'probe.refuse', {});
    expect(res.status).toBe(560);
    expect(res.body).toEqual({
      status: 'error',
      errorMessage: 'This URL is already taken',
      errorData: { code: 'conflict', key: ROOM_ERRORS.urlTaken, field: 'url' },
      logLines: ['checking the url'],
    });
  });

  it('refuses args that fail the schema with invalid_args and a readable message', async () => {
    const res = await callFunction(t, 'query', 'probe.echo', { word: 5 });
    expect(res.status).toBe(560);
    expect(res.body.errorData).toMatchObject({
      code: 'invalid_args',
      key: VALIDATION.invalidFormat,
      field: 'word',
    });
    expect(res.body.errorMessage).toMatch(/^Invalid arguments for probe\.echo: word: .*string/i);
  });

  it('refuses a mutation called as a query, and a query called as a mutation', async () => {
    const asQuery = await callFunction(t, 'query', 'probe.change', {});
    expect(asQuery.status).toBe(560);
    expect(asQuery.body.errorData).toMatchObject({ code: 'wrong_function_kind', kind: 'mutation' });
    const asMutation = await callFunction(t, 'mutation', 'probe.echo', { word: 'x' });
    expect(asMutation.status).toBe(560);
    expect(asMutation.body.errorData).toMatchObject({ code: 'wrong_function_kind' });
    const asAction = await callFunction(t, 'action', 'probe.change', {});
    expect(asAction.body.errorData).toMatchObject({ code: 'wrong_function_kind' });
  });

  it('runs each kind through its own endpoint and any kind through /api/function', async () => {
    expect((await callFunction(t, 'mutation', 'probe.change', {})).body.value).toEqual({
      changed: true,
    });
    expect((await callFunction(t, 'action', 'probe.act', {})).body.value).toBe('acted');
    expect((await callFunction(t, 'function', 'probe.change', {})).body.value).toEqual({
      changed: true,
    });
    expect(
      (await callFunction(t, 'function', 'probe.echo', { word: 'f' })).body.value,
    ).toMatchObject({
      word: 'f',
    });
  });

  it('adds the server time to query_ts and query_at_ts answers', async () => {
    for (const endpoint of ['query_ts', 'query_at_ts']) {
      const before = Date.now();
      const res = await postJson(t, `/api/${endpoint}`, {
        path: 'probe.echo',
        args: { word: 'ts' },
        ts: 1,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'success', value: { word: 'ts' } });
      expect(res.body.ts).toBeGreaterThanOrEqual(before);
    }
  });

  it('answers an unknown or malformed path with 404 in the function error envelope', async () => {
    for (const path of ['probe.nothing', 'nothing', 'probe..echo']) {
      const res = await callFunction(t, 'query', path, {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        status: 'error',
        errorMessage: `Unknown function: ${path}`,
        errorData: { code: 'function_not_found', key: PLATFORM_ERRORS.functionNotFound },
        logLines: [],
      });
    }
  });

  it('answers malformed JSON and a body without a path with 400', async () => {
    const malformed = await postJson(t, '/api/query', '{"path": "probe.echo",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'malformed_json' });
    const noPath = await postJson(t, '/api/query', { args: {} });
    expect(noPath.status).toBe(400);
    expect(noPath.body).toMatchObject({ code: 'invalid_request' });
    const badArgs = await postJson(t, '/api/query', { path: 'probe.echo', args: [{}, {}] });
    expect(badArgs.status).toBe(400);
  });

  it('answers an unexpected fault with a bare 500 and keeps the detail in the log', async () => {
    const res = await callFunction(t, 'query', 'probe.crash', {});
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'internal', message: 'Internal Server Error' });
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
    const logged = t.logs.find((line) => JSON.stringify(line).includes('hunter2'));
    expect(logged?.level).toBe(50);
  });

  it('knows the caller from the admin key and from a realtime token', async () => {
    const admin = await callFunction(
      t,
      'query',
      'probe.echo',
      { word: 'a' },
      { authorization: 'Admin admin-secret' },
    );
    expect(admin.body.value).toMatchObject({ caller: { viaAdminKey: true } });
    const signedIn = await signedInToken(t);
    const user = await callFunction(
      t,
      'query',
      'probe.echo',
      { word: 'u' },
      { authorization: `Bearer ${signedIn.token}` },
    );
    expect(user.body.value).toMatchObject({
      caller: { userId: signedIn.user.id, sessionId: signedIn.sessionId, viaAdminKey: false },
    });
  });

  it('refuses a wrong admin key and a forged token with 401', async () => {
    const admin = await callFunction(
      t,
      'query',
      'probe.echo',
      { word: 'a' },
      { authorization: 'Admin wrong' },
    );
    expect(admin.status).toBe(401);
    expect(admin.body).toMatchObject({ code: 'invalid_admin_key' });
    const forged = await callFunction(
      t,
      'query',
      'probe.echo',
      { word: 'a' },
      { authorization: 'Bearer e30.abc' },
    );
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'invalid_token' });
  });
});
