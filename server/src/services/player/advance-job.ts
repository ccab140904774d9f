import { TOPICS, asRoomId } from '@music-rooms/domain';
import type { Database } from '../../db';
import type { JobHandler, JobQueue } from '../jobs/queue';
import { settleRoom } from './playback';

/**
 * The timer at a track's end, as a durable job (any node runs it, none loses it in a restart):
 * if the room's revision is still the one it was set for, the room advances and hears of it.
 * A timer whose revision moved on (a command came first) does nothing.
 */
export function advanceJob(
  jobs: () => JobQueue,
  publish: (topics: readonly string[]) => void,
): JobHandler {
  return {
    forgetWhenDone: true,
    run: async (payload) => async (tx: Database) => {
      const { roomId, revision } = payload;
      if (typeof roomId !== 'string' || typeof revision !== 'number') return;
      const room = asRoomId(roomId);
      const changed = await settleRoom({ db: tx, playerJobs: jobs() }, room, { revision });
      if (changed) return () => publish([TOPICS.player(room)]);
    },
    // Nothing to undo: the next command or start re-arms the room.
    giveUp: async () => {},
  };
}
