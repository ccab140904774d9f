import { parseTopic, TOPICS, type RoomId } from '@music-rooms/domain';
import type { Database } from '../../db';
import type { JobQueue } from '../jobs/queue';
import { settleRoom } from './playback';
import { findPlayback, playingRoomIds } from './playback-store';

type Deps = { db: Database; jobs: JobQueue };

/**
 * Hears every node's topics and, for each room whose tracks changed, settles its player: a
 * current track removed, moved away or no longer ready makes it move on, a new length is
 * taken. Rooms are settled one after another, once per burst of changes. (Every node hears
 * the change and tries; the row lock lets the first one move on and the others find nothing
 * left to do.)
 */
export class TrackChangeSettler {
  private readonly pending = new Set<RoomId>();
  private draining: Promise<void> | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly publish: (topics: readonly string[]) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  onTopics(topics: readonly string[]): void {
    for (const topic of topics) {
      const parsed = parseTopic(topic);
      if (parsed?.kind === 'tracks') this.pending.add(parsed.roomId);
    }
    if (this.pending.size > 0 && !this.draining) {
      this.draining = this.drain().finally(() => (this.draining = null));
    }
  }

  /** Resolves once no room is being settled (before the database closes). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    for (const roomId of this.pending) {
      this.pending.delete(roomId);
      const changed = await this.settle(roomId).catch((error: unknown) => {
        this.onError(error);
        return false;
      });
      if (changed) this.publish([TOPICS.player(roomId)]);
    }
  }

  /** Only a room with a current track can be affected; the others cost one read. */
  private async settle(roomId: RoomId): Promise<boolean> {
    const row = await findPlayback(this.deps.db, roomId);
    if (!row?.trackId) return false;
    return settleRoom(this.deps, roomId, {});
  }
}

/** At start: every playing room caught up to now, its timer armed again. Answers the changed. */
export async function settleRoomsAtStart(deps: Deps): Promise<RoomId[]> {
  const changed: RoomId[] = [];
  for (const roomId of await playingRoomIds(deps.db)) {
    if (await settleRoom(deps, roomId, { rearm: true })) changed.push(roomId);
  }
  return changed;
}
