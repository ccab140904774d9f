import type { ListenerSyncState, RoomId } from '@music-rooms/domain';
import type { Redis } from 'ioredis';

/** The last sync report of one socket in a room, and when it lapses (epoch ms). */
export type StoredReport = {
  /** The page's socket: a calibration round tells it its chirp. */
  socketId: string;
  memberKey: string;
  state: ListenerSyncState;
  offsetMs: number | null;
  /** The page makes no sound: it is left out of calibration rounds. */
  muted: boolean;
  expiresAt: number;
};

/**
 * Where the pages' sync reports live, one per socket in a room: in this process for one node,
 * in Redis (a hash per room) for several, so that the panel on any node sees every node's pages.
 */
export type ReportEntries = {
  put: (roomId: RoomId, socketKey: string, report: StoredReport) => Promise<void>;
  /** The reports of a room that have not lapsed. */
  live: (roomId: RoomId, now: number) => Promise<StoredReport[]>;
  drop: (roomId: RoomId, socketKeys: readonly string[]) => Promise<void>;
};

export function memoryReportEntries(): ReportEntries {
  const byRoom = new Map<RoomId, Map<string, StoredReport>>();
  return {
    put: async (roomId, socketKey, report) => {
      const reports = byRoom.get(roomId) ?? new Map<string, StoredReport>();
      reports.set(socketKey, report);
      byRoom.set(roomId, reports);
    },
    live: async (roomId, now) =>
      [...(byRoom.get(roomId)?.values() ?? [])].filter((report) => report.expiresAt > now),
    drop: async (roomId, socketKeys) => {
      const reports = byRoom.get(roomId);
      for (const key of socketKeys) reports?.delete(key);
      if (reports?.size === 0) byRoom.delete(roomId);
    },
  };
}

/** A room's hash outlives its newest report a while, so an abandoned room leaves nothing. */
const KEY_TTL_MS = 5 * 60_000;

export function redisReportEntries(redis: Redis, prefix: string): ReportEntries {
  const roomKey = (roomId: RoomId) => `${prefix}:presence:sync:${roomId}`;
  return {
    put: async (roomId, socketKey, report) => {
      await redis
        .pipeline()
        .hset(roomKey(roomId), socketKey, JSON.stringify(report))
        .pexpire(roomKey(roomId), KEY_TTL_MS)
        .exec();
    },
    live: async (roomId, now) => {
      const values = await redis.hvals(roomKey(roomId));
      return values
        .map((value) => JSON.parse(value) as StoredReport)
        .filter((report) => report.expiresAt > now);
    },
    drop: async (roomId, socketKeys) => {
      if (socketKeys.length > 0) await redis.hdel(roomKey(roomId), ...socketKeys);
    },
  };
}
