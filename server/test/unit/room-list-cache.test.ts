import { describe, expect, it } from 'vitest';
import { RoomListCache, staleListTopic } from '../../src/services/rooms/list-cache';

/** A load that finishes when the test says so, counting how often it ran. */
function controlledLoad<T>(value: T) {
  let calls = 0;
  let finish: () => void = () => {};
  const load = () => {
    calls++;
    return new Promise<T>((resolve) => (finish = () => resolve(value)));
  };
  return { load, finish: () => finish(), calls: () => calls };
}

describe('the room list cache', () => {
  it('loads a key once and answers later callers from memory', async () => {
    const cache = new RoomListCache();
    let calls = 0;
    const load = async () => ++calls;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(calls).toBe(1);
  });

  it('shares one load among callers asking at the same time', async () => {
    const cache = new RoomListCache();
    const slow = controlledLoad('page');
    const answers = Promise.all([cache.get('a', slow.load), cache.get('a', slow.load)]);
    slow.finish();
    expect(await answers).toEqual(['page', 'page']);
    expect(slow.calls()).toBe(1);
  });

  it('forgets everything when a room or a user changes, and nothing on other topics', async () => {
    const cache = new RoomListCache();
    let calls = 0;
    const load = async () => ++calls;
    await cache.get('a', load);
    cache.onTopics(['presence:1', 'room-users:1', 'user-rooms:2']);
    expect(await cache.get('a', load)).toBe(1);
    cache.onTopics(['user:42']);
    expect(await cache.get('a', load)).toBe(2);
    cache.onTopics(['rooms']);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not keep an answer loaded while a change happened, nor let later callers join it', async () => {
    const cache = new RoomListCache();
    const before = controlledLoad('old');
    const first = cache.get('a', before.load);
    cache.onTopics(['rooms']);
    const after = controlledLoad('new');
    const second = cache.get('a', after.load);
    before.finish();
    after.finish();
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.get('a', async () => 'never')).toBe('new');
  });

  it('does not keep a failed load', async () => {
    const cache = new RoomListCache();
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('a', async () => 'up')).toBe('up');
  });

  it('holds at most its size, dropping the least recently used', async () => {
    const cache = new RoomListCache(2);
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'unused');
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });

  it('names the topics that make a list stale', () => {
    expect(['rooms', 'user:1'].every(staleListTopic)).toBe(true);
    expect(['room:1', 'presence:1', 'presence', 'user-rooms:1'].some(staleListTopic)).toBe(false);
  });
});
