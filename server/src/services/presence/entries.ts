import type { RoomId } from '@music-rooms/domain';
import type { Redis } from 'ioredis';

/**
 * Where presence entries live: one entry per open socket in a room, each with an expiry.
 * In this process for one node; in Redis (a sorted set per room, scored by expiry) for several,
 * so that every node counts every node's sockets and a dead node's entries lapse on their own.
 */
export type PresenceEntries = {
  /** Adds or refreshes entries: `expiresAt` is epoch ms. */
  put: (items: readonly { roomId: RoomId; entry: string; expiresAt: number }[]) => Promise<void>;
  /** Live entries of each room. */
  live: (roomIds: readonly RoomId[], now: number) => Promise<Map<RoomId, string[]>>;
  /** Rooms that may have live entries (for the list sorted by activity). */
  rooms: () => Promise<RoomId[]>;
  /** Drops lapsed entries (of the given rooms, or of all); answers the rooms that lost some. */
  sweep: (now: number, roomIds?: readonly RoomId[]) => Promise<RoomId[]>;
};

export function memoryPresenceEntries(): PresenceEntries {
  const byRoom = new Map<RoomId, Map<string, number>>();
  return {
    put: async (items) => {
      for (const { roomId, entry, expiresAt } of items) {
        const entries = byRoom.get(roomId) ?? new Map<string, number>();
        entries.set(entry, expiresAt);
        byRoom.set(roomId, entries);
      }
    },
    live: async (roomIds, now) =>
      new Map(
        roomIds.map((roomId) => {
          const entries = [...(byRoom.get(roomId) ?? new Map<string, number>())];
          return [roomId, entries.filter(([, expiresAt]) => expiresAt > now).map(([e]) => e)];
        }),
      ),
    rooms: async () => [...byRoom.keys()],
    sweep: async (now, roomIds) => {
      const changed: RoomId[] = [];
      for (const roomId of roomIds ?? [...byRoom.keys()]) {
        const entries = byRoom.get(roomId);
        if (!entries) continue;
        const before = entries.size;
        for (const [entry, expiresAt] of entries) if (expiresAt <= now) entries.delete(entry);
        if (entries.size !== before) changed.push(roomId);
        if (entries.size === 0) byRoom.delete(roomId);
      }
      return changed;
    },
  };
}

/** Keys live a while past their newest entry, so an abandoned room leaves nothing behind. */
const KEY_TTL_MS = 5 * 60_000;

export function redisPresenceEntries(redis: Redis, prefix: string): PresenceEntries {
  const roomKey = (roomId: RoomId) => `${prefix}:presence:room:${roomId}`;
  const roomsKey = `${prefix}:presence:rooms`;
  return {
    put: async (items) => {
      if (items.length === 0) return;
      const batch = redis.pipeline();
      for (const { roomId, entry, expiresAt } of items) {
        batch.zadd(roomKey(roomId), expiresAt, entry);
        batch.pexpire(roomKey(roomId), KEY_TTL_MS);
        batch.sadd(roomsKey, roomId);
      }
      await batch.exec();
    },
    live: async (roomIds, now) => {
      const result = new Map<RoomId, string[]>();
      if (roomIds.length === 0) return result;
      const batch = redis.pipeline();
      for (const roomId of roomIds) batch.zrangebyscore(roomKey(roomId), `(${now}`, '+inf');
      const replies = (await batch.exec()) ?? [];
      roomIds.forEach((roomId, i) => result.set(roomId, (replies[i]?.[1] as string[]) ?? []));
      return result;
    },
    rooms: () => roomsInRedis(redis, roomsKey),
    sweep: async (now, roomIds) => {
      const ids = roomIds ?? (await roomsInRedis(redis, roomsKey));
      if (ids.length === 0) return [];
      const batch = redis.pipeline();
      for (const roomId of ids) {
        batch.zremrangebyscore(roomKey(roomId), '-inf', now);
        batch.zcard(roomKey(roomId));
      }
      const replies = (await batch.exec()) ?? [];
      const changed: RoomId[] = [];
      const empty: RoomId[] = [];
      ids.forEach((roomId, i) => {
        if (Number(replies[2 * i]?.[1] ?? 0) > 0) changed.push(roomId);
        if (Number(replies[2 * i + 1]?.[1] ?? 0) === 0) empty.push(roomId);
      });
      if (empty.length > 0) await redis.srem(roomsKey, ...empty);
      return changed;
    },
  };
}

/** The set holds only the room ids this module put there. */
async function roomsInRedis(redis: Redis, key: string): Promise<RoomId[]> {
  return (await redis.smembers(key)) as RoomId[];
}
