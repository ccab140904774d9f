import { describe, expect, it } from 'vitest';
import { TOPICS, type RoomId, type UserId } from '@music-rooms/domain';
import type { RoomAccess } from '../../src/services/rooms/access';
import { PlayerAccessCache } from '../../src/services/player/access-cache';

const room = 'room-1' as RoomId;
const other = 'room-2' as RoomId;
const guest = { userId: null };
const member = { userId: 'user-1' as UserId };

/** A load that counts its calls and grants a view. */
function counting() {
  let calls = 0;
  const load = () => {
    calls += 1;
    return Promise.resolve({ role: 'participant' } as unknown as RoomAccess);
  };
  return { load, calls: () => calls };
}

describe('player access cache', () => {
  it('checks a caller once per room and pass while nothing changes', async () => {
    const cache = new PlayerAccessCache();
    const { load, calls } = counting();
    await cache.get(guest, room, {}, 0, load);
    await cache.get(guest, room, {}, 100, load);
    expect(calls()).toBe(1);
    await cache.get(member, room, {}, 100, load);
    await cache.get(guest, room, { accessToken: 'pass' }, 100, load);
    await cache.get(guest, other, {}, 100, load);
    expect(calls()).toBe(4);
  });

  it('checks again after a change to the room or its people, and after a while', async () => {
    const cache = new PlayerAccessCache();
    const { load, calls } = counting();
    await cache.get(member, room, {}, 0, load);
    await cache.get(member, other, {}, 0, load);
    cache.onTopics([TOPICS.roomUsers(room)]);
    await cache.get(member, room, {}, 10, load);
    await cache.get(member, other, {}, 10, load);
    expect(calls()).toBe(3);
    cache.onTopics([TOPICS.room(other)]);
    await cache.get(member, other, {}, 20, load);
    expect(calls()).toBe(4);
    await cache.get(member, room, {}, 10 + 5000, load);
    expect(calls()).toBe(5);
  });

  it('never keeps a refusal', async () => {
    const cache = new PlayerAccessCache();
    let calls = 0;
    const refuse = () => {
      calls += 1;
      return Promise.reject(new Error('forbidden'));
    };
    await expect(cache.get(guest, room, {}, 0, refuse)).rejects.toThrow('forbidden');
    await expect(cache.get(guest, room, {}, 1, refuse)).rejects.toThrow('forbidden');
    expect(calls).toBe(2);
  });
});
