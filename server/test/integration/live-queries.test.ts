import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineFunction } from '../../src/functions';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { callFunction } from '../helpers/http';
import { noteFunctions } from '../helpers/notes';
import {
  connect,
  connectAsGuest,
  LiveQueryRecorder,
  signedInToken,
  type TestSocket,
} from '../helpers/realtime';

/** State the probe queries read, changed by the tests between publishes. */
const probe = {
  constant: 'a',
  constantRuns: 0,
  countedRuns: 0,
  marker: 'start',
  runsByTag: new Map<string, number>(),
  gatedValue: 'old',
  gatedReads: 0,
  gate: Promise.resolve(),
};

const probeFunctions = [
  defineFunction('query', {
    path: 'probe.constant',
    args: z.object({}),
    handler: (ctx) => {
      ctx.watch('constant');
      probe.constantRuns += 1;
      return probe.constant;
    },
  }),
  defineFunction('query', {
    path: 'probe.counted',
    args: z.object({}),
    handler: (ctx) => {
      for (const topic of ['x', 'y', 'z']) ctx.watch(topic);
      probe.countedRuns += 1;
      return { runs: probe.countedRuns, marker: probe.marker };
    },
  }),
  defineFunction('query', {
    path: 'probe.tagged',
    args: z.object({ tag: z.string() }),
    handler: (ctx, { tag }) => {
      ctx.watch('tagged');
      probe.runsByTag.set(tag, (probe.runsByTag.get(tag) ?? 0) + 1);
      return probe.marker;
    },
  }),
  // Reads its value, then waits at the gate before answering: a slow first run.
  defineFunction('query', {
    path: 'probe.gated',
    args: z.object({}),
    handler: async (ctx) => {
      ctx.watch('gated');
      const value = probe.gatedValue;
      probe.gatedReads += 1;
      await probe.gate;
      return value;
    },
  }),
  defineFunction('query', {
    path: 'probe.whoami',
    args: z.object({}),
    handler: (ctx) => ctx.caller.userId,
  }),
];

describe('live queries', () => {
  let t: TestApp;
  let socket: TestSocket;
  let live: LiveQueryRecorder;
  beforeAll(async () => {
    t = await startTestApp({}, { functions: [...noteFunctions, ...probeFunctions] });
    socket = await connectAsGuest(t);
    live = new LiveQueryRecorder(socket);
  });
  afterAll(async () => {
    socket.close();
    await t.close();
  });

  it('sends the first value, then a new one after a mutation publishes the watched topic', async () => {
    expect(await live.subscribe('note', 'notes.get', { name: 'first' })).toEqual({
      kind: 'value',
      value: null,
    });
    const changed = live.next('note');
    const res = await callFunction(t, 'mutation', 'notes.set', { name: 'first', value: 'hello' });
    expect(res.status).toBe(200);
    expect(await changed).toEqual({ kind: 'value', value: 'hello' });
  });

  it('does not push again when a re-run gives an equal value', async () => {
    expect(await live.subscribe('constant', 'probe.constant')).toEqual({
      kind: 'value',
      value: 'a',
    });
    await t.app.topics.publish(['constant']);
    await eventually(() => expect(probe.constantRuns).toBe(2));
    probe.constant = 'b';
    const changed = live.next('constant');
    await t.app.topics.publish(['constant']);
    expect(await changed).toEqual({ kind: 'value', value: 'b' });
    expect(live.values('constant')).toEqual(['a', 'b']);
    expect(probe.constantRuns).toBe(3);
  });

  it('hears a change published while its first run is still under way', async () => {
    let open = () => {};
    probe.gate = new Promise<void>((resolve) => (open = resolve));
    const first = live.subscribe('gated', 'probe.gated');
    await eventually(() => expect(probe.gatedReads).toBe(1));
    probe.gatedValue = 'new';
    await t.app.topics.publish(['gated']);
    probe.gate = Promise.resolve();
    open();
    expect(await first).toEqual({ kind: 'value', value: 'old' });
    await eventually(() => expect(live.values('gated')).toEqual(['old', 'new']));
  });

  it('re-runs once for several publishes in one tick', async () => {
    expect(await live.subscribe('counted', 'probe.counted')).toEqual({
      kind: 'value',
      value: { runs: 1, marker: 'start' },
    });
    await Promise.all([
      t.app.topics.publish(['x']),
      t.app.topics.publish(['y']),
      t.app.topics.publish(['x', 'z']),
    ]);
    await live.until('counted', (value) => (value as { runs: number }).runs === 2);
    probe.marker = 'final';
    await t.app.topics.publish(['z']);
    await live.until('counted', (value) => (value as { marker: string }).marker === 'final');
    expect(live.values('counted')).toEqual([
      { runs: 1, marker: 'start' },
      { runs: 2, marker: 'start' },
      { runs: 3, marker: 'final' },
    ]);
  });

  it('sends nothing more to a query once it is unsubscribed', async () => {
    probe.marker = 'before';
    await live.subscribe('dropped', 'probe.tagged', { tag: 'dropped' });
    await live.subscribe('kept', 'probe.tagged', { tag: 'kept' });
    await live.unsubscribe('dropped');
    probe.marker = 'after';
    await t.app.topics.publish(['tagged']);
    await live.until('kept', (value) => value === 'after');
    expect(probe.runsByTag.get('dropped')).toBe(1);
    expect(probe.runsByTag.get('kept')).toBe(2);
    expect(live.values('dropped')).toEqual(['before']);
  });

  it('publishes nothing when a mutation fails', async () => {
    probe.marker = 'initial';
    await live.subscribe('guarded', 'probe.tagged', { tag: 'guarded' });
    const refused = await callFunction(t, 'mutation', 'notes.failAfterPublish', {
      topic: 'tagged',
    });
    expect(refused.status).toBe(560);
    probe.marker = 'published';
    await t.app.topics.publish(['tagged']);
    await live.until('guarded', (value) => value === 'published');
    expect(probe.runsByTag.get('guarded')).toBe(2);
  });

  it('answers a subscription it cannot run with query:error', async () => {
    const unknown = await live.subscribe('unknown', 'probe.missing');
    expect(unknown).toMatchObject({
      kind: 'error',
      error: { errorData: { code: 'function_not_found' } },
    });
    const mutation = await live.subscribe('mutation', 'notes.set', { name: 'n', value: 'v' });
    expect(mutation).toMatchObject({
      kind: 'error',
      error: { errorData: { code: 'wrong_function_kind' } },
    });
    const invalid = await live.subscribe('invalid', 'notes.get', { name: 42 });
    expect(invalid).toMatchObject({
      kind: 'error',
      error: { errorData: { code: 'invalid_args' } },
    });
  });

  it("runs a live query as the connection's caller", async () => {
    const { user, token } = await signedInToken(t);
    const userSocket = await connect(t, token);
    const userLive = new LiveQueryRecorder(userSocket);
    expect(await userLive.subscribe('me', 'probe.whoami')).toEqual({
      kind: 'value',
      value: user.id,
    });
    userSocket.close();
  });
});
