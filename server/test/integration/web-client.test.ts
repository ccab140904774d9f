import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeToken } from '@music-rooms/domain';
import { createApiClient, type ApiClient } from '../../../web/src/lib/api/functions';
import { FunctionCallError } from '../../../web/src/lib/api/function-call-error';
import { hasPendingRequests } from '../../../web/src/lib/pending-requests';
import { connectEarly, takeEarlyClient } from '../../../web/src/lib/realtime/early-client';
import { readEarly } from '../../../web/src/lib/realtime/early-reads';
import { RealtimeClient } from '../../../web/src/lib/realtime/realtime-client';
import { fetchRealtimeToken } from '../../../web/src/lib/realtime/token';
import { PlayerClock } from '../../../web/src/features/player/engine/player-clock';
import { startTestApp, type TestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { noteFunctions } from '../helpers/notes';

/** Console stand-in that keeps what the client wrote. */
function recordingLogger() {
  const lines: unknown[][] = [];
  return {
    lines,
    warn: (...args: unknown[]) => lines.push(args),
    error: (...args: unknown[]) => lines.push(args),
  };
}

type UncheckedCall = (path: string, args?: unknown) => Promise<unknown>;

/**
 * The app's client with its types taken off: these tests call the test-only notes.* functions,
 * a path no one declared and args of the wrong type, which the typed client rightly refuses to
 * compile. What runs is the app's own client code.
 */
function uncheckedClient(client: ApiClient) {
  return client as unknown as { callQuery: UncheckedCall; callMutation: UncheckedCall };
}

// The web app's own client code, run against the real server.
let t: TestApp;
let api: ApiClient;
let unchecked: ReturnType<typeof uncheckedClient>;
beforeAll(async () => {
  t = await startTestApp({}, { functions: noteFunctions });
  api = createApiClient({ baseUrl: t.url });
  unchecked = uncheckedClient(api);
});
afterAll(() => t.close());

describe('web client for backend functions', () => {
  it('resolves a query to its value, with the declared type', async () => {
    const { now } = await api.callQuery('system.serverTime');
    expect(typeof now).toBe('number');
  });

  it('counts a mutation as a pending change until it is answered', async () => {
    const call = unchecked.callMutation('notes.set', { name: 'pending', value: 'v' });
    expect(hasPendingRequests()).toBe(true);
    expect(await call).toEqual({ name: 'pending', value: 'v' });
    expect(hasPendingRequests()).toBe(false);
  });

  it("throws a FunctionCallError with the function's code, message and data", async () => {
    const error = await unchecked
      .callMutation('notes.failAfterPublish', { topic: 't' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionCallError);
    expect(error).toMatchObject({ code: 'conflict', message: 'Refused on purpose', status: 560 });
    const invalid = await unchecked.callQuery('notes.get', { name: 3 }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ code: 'invalid_args', data: { code: 'invalid_args' } });
  });

  it('throws a FunctionCallError for an unknown function', async () => {
    const error = await unchecked.callQuery('notes.nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FunctionCallError);
    expect(error).toMatchObject({ code: 'function_not_found', status: 404 });
  });
});

describe('web realtime client', () => {
  const clients: RealtimeClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.stop();
  });

  function startClient(getToken?: () => Promise<RealtimeToken>, logger = recordingLogger()) {
    const client = new RealtimeClient({
      baseUrl: t.url,
      logger,
      ...(getToken ? { getToken } : {}),
    });
    clients.push(client);
    client.start();
    return client;
  }

  async function watchUntil(client: RealtimeClient, name: string, expected: unknown) {
    const stop = client.watch('notes.get', { name }, () => {});
    await eventually(() =>
      expect(client.stateOf('notes.get', { name })).toEqual({ status: 'value', value: expected }),
    );
    return stop;
  }

  it('reports a failed token request as "Failed to get realtime token: {status text}"', async () => {
    await expect(fetchRealtimeToken(`${t.url}/api/nowhere`)).rejects.toThrow(
      'Failed to get realtime token: Not Found',
    );
  });

  it('keeps a live query current: first value, then the value after a mutation', async () => {
    const client = startClient();
    await watchUntil(client, 'live', null);
    await unchecked.callMutation('notes.set', {
      name: 'live',
      value: 'new',
    });
    await eventually(() =>
      expect(client.stateOf('notes.get', { name: 'live' })).toEqual({
        status: 'value',
        value: 'new',
      }),
    );
  });

  it('shares one live query between watchers of the same path, written either way', async () => {
    const client = startClient();
    const stopFirst = client.watch('notes.get', { name: 'shared' }, () => {});
    const stopSecond = client.watch('notes:get', { name: 'shared' }, () => {});
    await eventually(() =>
      expect(client.stateOf('notes:get', { name: 'shared' }).status).toBe('value'),
    );
    stopFirst();
    expect(client.stateOf('notes.get', { name: 'shared' }).status).toBe('value');
    stopSecond();
    expect(client.stateOf('notes.get', { name: 'shared' })).toEqual({ status: 'loading' });
  });

  it('reconnects with a fresh token and subscribes again after the server ends the connection', async () => {
    let tokens = 0;
    const client = startClient(() => {
      tokens += 1;
      return fetchRealtimeToken(t.url);
    });
    await watchUntil(client, 'again', null);
    // The first value is read over HTTP: the connection opens after it, and only then can end.
    await eventually(() => expect(client.connected).toBe(true));
    t.app.io.local.disconnectSockets(true);
    await eventually(() => expect(tokens).toBe(2));
    await eventually(() => expect(client.connected).toBe(true));
    await unchecked.callMutation('notes.set', {
      name: 'again',
      value: 'back',
    });
    await eventually(() =>
      expect(client.stateOf('notes.get', { name: 'again' })).toEqual({
        status: 'value',
        value: 'back',
      }),
    );
  });

  it('hands the server a fresh token ahead of expiry without reconnecting', async () => {
    let tokens = 0;
    // Pretend tokens live 300 ms, so that the refresh comes at 240 ms.
    const shortLived = async () => {
      tokens += 1;
      return { ...(await fetchRealtimeToken(t.url)), ttlMs: 300 };
    };
    const logger = recordingLogger();
    const client = startClient(shortLived, logger);
    await eventually(() => expect(client.connected).toBe(true));
    const connections = t.app.io.of('/').sockets.size;
    await eventually(() => expect(tokens).toBeGreaterThanOrEqual(3));
    expect(client.connected).toBe(true);
    expect(t.app.io.of('/').sockets.size).toBe(connections);
    expect(logger.lines).toEqual([]);
  });

  it('only logs "Failed to connect" when the token cannot be had, and keeps trying', async () => {
    let attempts = 0;
    const failing = async (): Promise<RealtimeToken> => {
      attempts += 1;
      throw new Error('Failed to get realtime token: Service Unavailable');
    };
    const logger = recordingLogger();
    startClient(failing, logger);
    await eventually(() => expect(attempts).toBeGreaterThanOrEqual(2), { timeout: 5000 });
    expect(logger.lines).toContainEqual([
      new Error('Failed to get realtime token: Service Unavailable'),
    ]);
    expect(logger.lines.some(([first]) => first === 'Failed to connect')).toBe(true);
  });

  it('takes a first value the app read early instead of reading it again, once', async () => {
    await unchecked.callMutation('notes.set', { name: 'early', value: 'read early' });
    await readEarly('notes.get', { name: 'early' }, t.url);
    await unchecked.callMutation('notes.set', { name: 'early', value: 'read later' });
    const reads: string[] = [];
    const send = createApiClient({ baseUrl: t.url });
    // Not started: only the first reads, no connection that would bring the value too.
    const client = new RealtimeClient({
      baseUrl: t.url,
      readOnce: (path, args) => {
        reads.push(path);
        return uncheckedClient(send).callQuery(path, args);
      },
    });
    clients.push(client);
    const stop = client.watch('notes.get', { name: 'early' }, () => {});
    await eventually(() =>
      expect(client.stateOf('notes.get', { name: 'early' })).toEqual({
        status: 'value',
        value: 'read early',
      }),
    );
    expect(reads).toEqual([]);
    // Taken once: the next page to watch it reads it anew.
    stop();
    client.watch('notes.get', { name: 'early' }, () => {});
    await eventually(() =>
      expect(client.stateOf('notes.get', { name: 'early' })).toEqual({
        status: 'value',
        value: 'read later',
      }),
    );
    expect(reads).toEqual(['notes.get']);
  });

  /**
   * A started client watching one query whose first read answers only when the test says (a
   * slow query on a busy server); `answer` lets it.
   */
  function clientWithSlowFirstRead() {
    let answer = () => {};
    const client = new RealtimeClient({
      baseUrl: t.url,
      logger: recordingLogger(),
      readOnce: () => new Promise((resolve) => (answer = () => resolve(null))),
    });
    clients.push(client);
    client.watch('notes.get', { name: 'slow' }, () => {});
    client.start();
    return { client, answer: () => answer() };
  }

  it('opens at once when the player needs the clock, while a first read is still out', async () => {
    const { client, answer } = clientWithSlowFirstRead();
    const clock = new PlayerClock(client);
    clock.start();
    try {
      // The read has not answered: the connection opened without waiting for it.
      await eventually(() => expect(clock.estimate()).not.toBeNull());
    } finally {
      answer();
      clock.stop();
    }
  });

  it('opens at once when a room page opening made it, while a first read is still out', async () => {
    let answer = () => {};
    connectEarly({
      baseUrl: t.url,
      logger: recordingLogger(),
      readOnce: () => new Promise((resolve) => (answer = () => resolve(null))),
    });
    const client = takeEarlyClient()!;
    clients.push(client);
    client.watch('notes.get', { name: 'slow' }, () => {});
    try {
      await eventually(() => expect(client.connected).toBe(true));
    } finally {
      answer();
    }
  });

  it('samples the server clock', async () => {
    const client = startClient();
    await eventually(() => expect(client.connected).toBe(true));
    const before = Date.now();
    const sample = await client.ping();
    const after = Date.now();
    // The server's time is epoch ms; the client stamps its monotonic clock around it.
    // (to the millisecond: the server answers with fractions of one)
    expect(sample.serverNow).toBeGreaterThanOrEqual(before - 1);
    expect(sample.serverNow).toBeLessThanOrEqual(after + 1);
    expect(sample.receivedAt).toBeGreaterThanOrEqual(sample.sentAt);
  });

  it("estimates the server's clock with a burst of probes, and again after a reconnect", async () => {
    const client = startClient();
    const clock = new PlayerClock(client);
    const counts: number[] = [];
    clock.onChange(() => counts.push(clock.estimate()?.samples ?? 0));
    // Server and test share one machine: the estimate is the wall clock, within the round trip
    // (read between two readings of it, so that a stall of the test between them counts too).
    const expectWallClock = () => {
      const { rttMs } = clock.estimate()!;
      const before = Date.now();
      const serverNow = clock.serverNow()!;
      const after = Date.now();
      expect(serverNow).toBeGreaterThanOrEqual(before - rttMs - 1);
      expect(serverNow).toBeLessThanOrEqual(after + rttMs + 1);
    };
    const burst = [1, 2, 3, 4, 5, 6, 7, 8];
    clock.start();
    try {
      // The burst's probes, one sample more each (more series follow it).
      await eventually(() => expect(counts.slice(0, 8)).toEqual(burst));
      expectWallClock();
      // Back to the page's clock, to within the rounding of epoch-sized milliseconds.
      const pageBefore = performance.now();
      const local = clock.localTimeOf(clock.serverNow()!)!;
      expect(local).toBeGreaterThanOrEqual(pageBefore - 0.01);
      expect(local).toBeLessThanOrEqual(performance.now() + 0.01);

      // Another connection may be another node: the old samples go, a new burst comes.
      const heardBefore = counts.length;
      t.app.io.local.disconnectSockets(true);
      await eventually(() => {
        const fresh = counts.lastIndexOf(1);
        expect(fresh).toBeGreaterThanOrEqual(heardBefore);
        expect(counts.slice(fresh, fresh + 8)).toEqual(burst);
      });
      expectWallClock();
    } finally {
      clock.stop();
    }
  });
});
