import { describe, expect, it } from 'vitest';
import { asUserId } from '@music-rooms/domain';
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

describe("a viewer's own lists in the room list cache", () => {
  const ann = asUserId('00000000-0000-4000-8000-00000000000a');
  const bob = asUserId('00000000-0000-4000-8000-00000000000b');

  it('keeps each viewer apart, under the same key', async () => {
    const cache = new RoomListCache();
    expect(await cache.getForViewer(ann, 'mine', async () => 'ann')).toBe('ann');
    expect(await cache.getForViewer(bob, 'mine', async () => 'bob')).toBe('bob');
    expect(await cache.get('mine', async () => 'everyone')).toBe('everyone');
    expect(await cache.getForViewer(ann, 'mine', async () => 'never')).toBe('ann');
  });

  it("forgets one viewer's lists when their own rooms change, and nothing else", async () => {
    const cache = new RoomListCache();
    let calls = 0;
    const load = async () => ++calls;
    await cache.getForViewer(ann, 'mine', load);
    await cache.getForViewer(bob, 'mine', load);
    await cache.get('page', load);
    cache.onTopics([`user-rooms:${ann}`]);
    expect(await cache.getForViewer(ann, 'mine', load)).toBe(4);
    expect(await cache.getForViewer(bob, 'mine', load)).toBe(2);
    expect(await cache.get('page', load)).toBe(3);
  });

  it('forgets every viewer when a room or a user changes', async () => {
    const cache = new RoomListCache();
    await cache.getForViewer(ann, 'mine', async () => 'old');
    cache.onTopics(['rooms']);
    expect(await cache.getForViewer(ann, 'mine', async () => 'new')).toBe('new');
    cache.onTopics(['user:42']);
    expect(await cache.getForViewer(ann, 'mine', async () => 'newer')).toBe('newer');
  });

  it("does not keep a viewer's list loaded while their rooms changed", async () => {
    const cache = new RoomListCache();
    const before = controlledLoad('old');
    const first = cache.getForViewer(ann, 'mine', before.load);
    cache.onTopics([`user-rooms:${ann}`]);
    const after = controlledLoad('new');
    const second = cache.getForViewer(ann, 'mine', after.load);
    before.finish();
    after.finish();
    expect(await first).toBe('old');
    expect(await second).toBe('new');
    expect(await cache.getForViewer(ann, 'mine', async () => 'never')).toBe('new');
  });

  it("holds viewers' lists within their own size, apart from the public list's", async () => {
    const cache = new RoomListCache(1, 1);
    await cache.get('page', async () => 'page');
    await cache.getForViewer(ann, 'mine', async () => 'ann');
    await cache.getForViewer(bob, 'mine', async () => 'bob');
    expect(cache.size).toBe(2);
    expect(await cache.get('page', async () => 'reloaded')).toBe('page');
    expect(await cache.getForViewer(ann, 'mine', async () => 'reloaded')).toBe('reloaded');
  });
});
