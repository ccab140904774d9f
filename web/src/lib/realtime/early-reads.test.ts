import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEarly, takeEarlyRead } from './early-reads';

// The browser's fetch answers every query with the args it was sent.
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string }) => {
      const { args } = JSON.parse(init.body) as { args: unknown };
      return new Response(JSON.stringify({ status: 'success', value: args }));
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('early reads', () => {
  it('hands a read to the first watcher of the same query, whatever the order of its args', async () => {
    void readEarly('rooms.get', { id: 'a', accessToken: 't' });
    const taken = takeEarlyRead('rooms.get', { accessToken: 't', id: 'a' });
    await expect(taken).resolves.toEqual({ id: 'a', accessToken: 't' });
    expect(takeEarlyRead('rooms.get', { id: 'a', accessToken: 't' })).toBeNull();
    expect(takeEarlyRead('player.get', { id: 'a', accessToken: 't' })).toBeNull();
  });

  it('is not taken once ten seconds old: a page opened later reads anew', () => {
    void readEarly('player.get', { roomId: 'r' });
    vi.advanceTimersByTime(10_000);
    expect(takeEarlyRead('player.get', { roomId: 'r' })).toBeNull();
  });
});
