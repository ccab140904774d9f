import { roomOfTopic, type RoomId } from '@music-rooms/domain';

/** What each room's player shows everyone alike, good until `validUntil` (server ms). */
export type Cached = { validUntil: number };

/** The topics that change what the player shows: its state, tracks, people and their roles. */
const PLAYER_VIEW_TOPICS = ['player', 'tracks', 'presence', 'roomUsers', 'room'] as const;

/**
 * The part of `player.get` that is the same for everyone in a room (the settled state, its
 * tracks, the host), computed once per change rather than once per listener: a command in a
 * room of a thousand listeners re-runs a thousand live queries. Each node forgets a room's
 * entry when it hears one of the room's topics (they cross nodes through Redis), so a caller
 * after a change never joins a load from before it; an entry also ends when a track ends
 * (`validUntil`), and a load that failed is not kept.
 */
export class PlayerViewCache<T extends Cached> {
  private readonly entries = new Map<RoomId, Promise<T>>();

  constructor(private readonly maxRooms = 2000) {}

  async get(roomId: RoomId, now: number, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(roomId) ?? this.load(roomId, load);
    const value = await entry;
    if (now < value.validUntil) return value;
    // Expired: the first caller to notice loads again; the others join that load.
    return this.entries.get(roomId) === entry
      ? this.load(roomId, load)
      : this.get(roomId, now, load);
  }

  /** Called with the topics of every change, on every node. */
  onTopics(topics: readonly string[]): void {
    for (const topic of topics) {
      const roomId = roomOfTopic(topic, PLAYER_VIEW_TOPICS);
      if (roomId) this.entries.delete(roomId);
    }
  }

  private load(roomId: RoomId, load: () => Promise<T>): Promise<T> {
    const promise = load();
    this.entries.set(roomId, promise);
    promise.catch(() => {
      if (this.entries.get(roomId) === promise) this.entries.delete(roomId);
    });
    while (this.entries.size > this.maxRooms) {
      this.entries.delete(this.entries.keys().next().value as RoomId);
    }
    return promise;
  }
}
