import {
  ACTIVE_ITEM_STATUSES,
  TOPICS,
  YANDEX_MUSIC_ERRORS,
  asRoomId,
  asUserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { abandonJobs } from '../jobs/store';
import { updateTrackRow } from '../tracks/store';
import {
  countItemsIn,
  lapsedImports,
  releaseLapsed,
  renewHolds,
  updateImport,
  updateItemsOf,
  type ImportRow,
} from './import-store';
import type { YandexMusicRuntime } from './runtime';

/**
 * Who holds each import. The node that has an import's token in memory renews the import's
 * lease while it works; every node sweeps for imports whose lease ran out (their node stopped:
 * the token is gone with it) and marks their unfinished tracks as needing the token again, so
 * the person sees "enter the token again and retry" rather than tracks that never move.
 */

export type HolderDeps = {
  db: Database;
  runtime: Pick<YandexMusicRuntime, 'nodeId' | 'timings' | 'tokens'>;
  publish: (topics: string[]) => Promise<void>;
  log: { error: (data: object, message: string) => void };
};

const topicsOf = (row: { roomId: string; userId: string }) => [
  TOPICS.imports(asUserId(row.userId)),
  TOPICS.tracks(asRoomId(row.roomId)),
  TOPICS.playlists(asRoomId(row.roomId)),
];

/** Marks one lapsed import's unfinished tracks as needing the token; once, whichever node. */
async function releaseImport(deps: HolderDeps, row: ImportRow): Promise<void> {
  const key = YANDEX_MUSIC_ERRORS.tokenNeeded;
  const released = await inTransaction(deps.db, async (tx) => {
    if (!(await releaseLapsed(tx, row.id))) return false;
    const items = await updateItemsOf(tx, row.id, ACTIVE_ITEM_STATUSES, {
      status: 'failed',
      failure: key,
    });
    for (const item of items) {
      if (item.trackId) await updateTrackRow(tx, item.trackId, { status: 'failed', failure: key });
    }
    const jobs = items.flatMap((item) => (item.jobId ? [item.jobId] : []));
    await abandonJobs(tx, jobs, 'the node holding the token stopped');
    return true;
  });
  if (released) await deps.publish(topicsOf(row));
}

/** Renews this node's imports, then releases the lapsed ones of any node. */
export async function tendImports(deps: HolderDeps): Promise<void> {
  const { runtime } = deps;
  await renewHolds(deps.db, runtime.nodeId, runtime.timings.holderLeaseMs);
  for (const row of await lapsedImports(deps.db)) await releaseImport(deps, row);
}

/**
 * After a track of an import settled: when none is left to do, the import is finished and its
 * token forgotten. Its room and importer hear of the change either way.
 */
export async function settleImport(
  deps: HolderDeps,
  payload: { importId: string; roomId: string; userId: string },
): Promise<void> {
  const left = await countItemsIn(deps.db, payload.importId, ACTIVE_ITEM_STATUSES);
  if (left === 0) {
    await updateImport(deps.db, payload.importId, { status: 'finished' }, ['active']);
    deps.runtime.tokens.forget(payload.importId);
  }
  await deps.publish(topicsOf(payload));
}

/** Tends the imports every third of a lease; answers how to stop. */
export function startTending(deps: HolderDeps): () => void {
  const tend = () =>
    void tendImports(deps).catch((err: unknown) =>
      deps.log.error({ err }, 'could not tend imports'),
    );
  const timer = setInterval(tend, Math.max(100, deps.runtime.timings.holderLeaseMs / 3));
  timer.unref();
  tend();
  return () => clearInterval(timer);
}
