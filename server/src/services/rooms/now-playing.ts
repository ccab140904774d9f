import { roomOfTopic, type RoomId, type RoomNowPlaying } from '@music-rooms/domain';
import type { Database } from '../../db';
import { selectNowPlaying } from './now-playing-store';

/** A room's current track as kept, with a number that changes whenever it is read anew. */
export type KeptNowPlaying = { version: number; value: RoomNowPlaying | null };

/** The topics that can change a room's current track: its player and its tracks. */
const NOW_PLAYING_TOPICS = ['player', 'tracks'] as const;

/**
 * What each room's player is on, as the room cards show it, kept per room on this node: the
 * home page is read over and over, and a room's track changes a few times an hour. A room is
 * forgotten when its player or its tracks change (a skip, a track's end, a new cover or
 * title): those topics reach every node. Missing rooms are read in one query; a read that a
 * change overtook is answered but not kept, as in the list cache.
 */
export class NowPlayingCache {
  private readonly kept = new Map<RoomId, KeptNowPlaying>();
  /** Reads under way, each with the rooms it reads and those a change overtook meanwhile. */
  private readonly reads = new Set<Read>();
  private version = 0;

  constructor(private readonly maxRooms = 20_000) {}

  async get(db: Database, roomIds: readonly RoomId[]): Promise<Map<RoomId, KeptNowPlaying>> {
    const missing = roomIds.filter((id) => !this.kept.has(id));
    const fresh = missing.length > 0 ? await this.read(db, missing) : new Map();
    const found = new Map<RoomId, KeptNowPlaying>();
    for (const id of roomIds) found.set(id, fresh.get(id) ?? this.kept.get(id)!);
    return found;
  }

  /** Called with the topics of every change, on every node. */
  onTopics(topics: readonly string[]): void {
    for (const topic of topics) {
      const roomId = roomOfTopic(topic, NOW_PLAYING_TOPICS);
      if (!roomId) continue;
      this.kept.delete(roomId);
      for (const read of this.reads) if (read.rooms.has(roomId)) read.overtaken.add(roomId);
    }
  }

  private async read(db: Database, roomIds: RoomId[]): Promise<Map<RoomId, KeptNowPlaying>> {
    const read: Read = { rooms: new Set(roomIds), overtaken: new Set() };
    this.reads.add(read);
    try {
      const values = await selectNowPlaying(db, roomIds);
      if (this.kept.size + roomIds.length > this.maxRooms) this.kept.clear();
      const fresh = new Map<RoomId, KeptNowPlaying>();
      for (const id of roomIds) {
        const entry = { version: ++this.version, value: values.get(id) ?? null };
        if (!read.overtaken.has(id)) this.kept.set(id, entry);
        fresh.set(id, entry);
      }
      return fresh;
    } finally {
      this.reads.delete(read);
    }
  }
}

type Read = { rooms: Set<RoomId>; overtaken: Set<RoomId> };
