import { roomOfTopic, type RoomAccessArgs, type RoomId } from '@music-rooms/domain';
import type { RoomAccess, RoomViewer } from '../rooms/access';

/** How long a granted view is taken on trust without a change heard (a gate pass's expiry). */
const TRUST_MS = 5000;

/** The topics that can change who may view a room: the room itself and its people. */
const ACCESS_TOPICS = ['room', 'roomUsers'] as const;

type Entry = { roomId: RoomId; at: number; access: Promise<RoomAccess> };

/**
 * Who may view a room's player, remembered per caller, room and pass. A command in a room of a
 * thousand listeners re-runs a thousand `player.get` live queries on the node that holds them;
 * without this each one would read the room and the caller's role again. A change to the room
 * or its people (the topics that carry it cross nodes) forgets the room's entries at once; a
 * pass that expires by time is trusted for at most `TRUST_MS` more. Refusals are never kept.
 */
export class PlayerAccessCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 20_000) {}

  get(
    viewer: RoomViewer,
    roomId: RoomId,
    pass: RoomAccessArgs,
    now: number,
    load: () => Promise<RoomAccess>,
  ): Promise<RoomAccess> {
    const key = JSON.stringify([roomId, viewer.userId, pass.accessToken, pass.session_id]);
    const entry = this.entries.get(key);
    if (entry && now - entry.at < TRUST_MS) return entry.access;
    const access = load();
    this.entries.set(key, { roomId, at: now, access });
    access.catch(() => {
      if (this.entries.get(key)?.access === access) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as string);
    }
    return access;
  }

  /** Called with the topics of every change, on every node. */
  onTopics(topics: readonly string[]): void {
    const rooms = new Set<RoomId>();
    for (const topic of topics) {
      const roomId = roomOfTopic(topic, ACCESS_TOPICS);
      if (roomId) rooms.add(roomId);
    }
    if (rooms.size === 0) return;
    for (const [key, entry] of this.entries) if (rooms.has(entry.roomId)) this.entries.delete(key);
  }
}
