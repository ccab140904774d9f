import { describe, expect, it } from 'vitest';
import { TOPICS, asRoomId } from '@music-rooms/domain';
import { PlayerViewCache } from '../../src/services/player/view-cache';

const room = asRoomId('0b8e3c1a-6f2d-4a57-9e0b-5d1c7a3f2e90');
const other = asRoomId('9d1f4b2e-3c6a-4e8d-8b7f-1a2c3d4e5f60');

/** A loader that counts its calls and answers what the test sets. */
function loader(validUntil = Infinity) {
  const calls = { count: 0 };
  const load = async () => ({ n: ++calls.count, validUntil });
  return { calls, load };
}

describe('the player view cache', () => {
  it('loads a room once for many callers, and again after one of its topics', async () => {
    const cache = new PlayerViewCache<{ n: number; validUntil: number }>();
    const { calls, load } = loader();
    const answers = await Promise.all([1, 2, 3].map(() => cache.get(room, 0, load)));
    expect(answers.map((a) => a.n)).toEqual([1, 1, 1]);
    cache.onTopics([TOPICS.tracks(other), TOPICS.roomList]);
    expect((await cache.get(room, 0, load)).n).toBe(1);
    for (const topic of [TOPICS.player, TOPICS.presence, TOPICS.roomUsers, TOPICS.tracks]) {
      cache.onTopics([topic(room)]);
      await cache.get(room, 0, load);
    }
    expect(calls.count).toBe(5);
  });

  it('never hands a caller after a change the load from before it', async () => {
    const cache = new PlayerViewCache<{ n: number; validUntil: number }>();
    let release = () => {};
    let n = 0;
    const slow = () =>
      new Promise<{ n: number; validUntil: number }>((resolve) => {
        const value = { n: ++n, validUntil: Infinity };
        if (value.n === 1) release = () => resolve(value);
        else resolve(value);
      });
    const before = cache.get(room, 0, slow);
    cache.onTopics([TOPICS.player(room)]);
    const after = cache.get(room, 0, slow);
    release();
    expect((await before).n).toBe(1);
    expect((await after).n).toBe(2);
  });

  it('loads again once the current track has ended', async () => {
    const cache = new PlayerViewCache<{ n: number; validUntil: number }>();
    const { calls, load } = loader(1000);
    await cache.get(room, 10, load);
    await cache.get(room, 999, load);
    expect(calls.count).toBe(1);
    await cache.get(room, 1000, load);
    expect(calls.count).toBe(2);
  });

  it('does not keep a failed load', async () => {
    const cache = new PlayerViewCache<{ n: number; validUntil: number }>();
    await expect(cache.get(room, 0, () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect((await cache.get(room, 0, loader().load)).n).toBe(1);
  });
});
