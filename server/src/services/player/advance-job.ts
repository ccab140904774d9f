import { TOPICS, type JobPayloads } from '@music-rooms/domain';
import type { Database } from '../../db';
import type { JobHandler } from '../jobs/handler';
import type { JobQueue } from '../jobs/queue';
import { settleRoom } from './playback';

/**
 * The timer at a track's end, as a durable job (any node runs it, none loses it in a restart):
 * if the room's revision is still the one it was set for, the room advances and hears of it.
 * A timer whose revision moved on (a command came first) does nothing.
 */
export function advanceJob(
  jobs: JobQueue,
  publish: (topics: readonly string[]) => void,
): JobHandler<JobPayloads['player.advance']> {
  return {
    forgetWhenDone: true,
    run:
      async ({ roomId, revision }) =>
      async (tx: Database) => {
        const changed = await settleRoom({ db: tx, jobs }, roomId, { revision });
        if (changed) return () => publish([TOPICS.player(roomId)]);
      },
    // Nothing to undo: the next command or start re-arms the room.
    giveUp: async () => {},
  };
}
