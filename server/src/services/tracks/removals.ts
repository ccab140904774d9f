import {
  TRACK_UNDO_WINDOW_MS,
  type JobKind,
  type JobPayloads,
  type RoomId,
  type TrackId,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { JobHandler } from '../jobs/handler';
import type { RequestDeps } from '../deps';
import type { RoomViewer } from '../rooms/access';
import { authorizeTracksOf } from './access';
import { trackErrors } from './errors';
import { insertPlaybackCopy, takePlaybackCopies } from './playback-store';
import { entriesOfTracks, insertEntryRows } from './entry-store';
import { findPlaylist } from './playlist-store';
import { keepInDefaultPlaylist } from './playlist-entries';
import {
  filesOfRemoved,
  findRemoval,
  insertRemoval,
  roomOfRemoval,
  takeRemoval,
  takeUndoableRemoval,
  type RemovedTrack,
} from './removal-store';
import { deleteTrackRows, insertTrack } from './store';
import { removeStoredFiles } from './stored-files';
import { endUploadsOfRemovedTracks } from './upload-store';

type Deps = Pick<RequestDeps, 'db' | 'storage' | 'log' | 'jobs'>;

/** The job at the end of a removal's undo window: its kept files are deleted. */
export const PURGE_REMOVAL_JOB = 'tracks.purge-removal' satisfies JobKind;
type PurgePayload = JobPayloads[typeof PURGE_REMOVAL_JOB];

const groupedByRoom = (rows: readonly RemovedTrack[]) => {
  const rooms = new Map<RoomId, RemovedTrack[]>();
  for (const row of rows)
    rooms.set(row.track.roomId, [...(rooms.get(row.track.roomId) ?? []), row]);
  return rooms;
};

/**
 * Removes tracks so that the removal can be undone (spec §2 Removal): their rows leave at once,
 * for everyone, but a ready track's rows are kept in a removal (one per room) and its files stay
 * until the window closes, when a durable job deletes them (so a restart in between changes
 * nothing). A track still processing goes for good, files and all: its processing stopped.
 * Answers the removals' ids.
 */
export async function removeTracksUndoably(
  deps: Deps,
  removedBy: UserId | null,
  ids: readonly TrackId[],
): Promise<string[]> {
  const restoreUntil = new Date(Date.now() + TRACK_UNDO_WINDOW_MS);
  const { removalIds, gone } = await inTransaction(deps.db, async (tx) => {
    const copies = await takePlaybackCopies(tx, ids);
    const entries = await entriesOfTracks(tx, ids);
    const rows = await deleteTrackRows(tx, ids);
    await endUploadsOfRemovedTracks(tx, ids);
    const removed = rows.map((track) => ({
      track,
      playbackCopy: copies.get(track.id) ?? null,
      entries: entries.filter((entry) => entry.trackId === track.id),
    }));
    const kept = removed.filter(({ track }) => track.status === 'ready');
    const removalIds: string[] = [];
    for (const [roomId, tracks] of groupedByRoom(kept)) {
      const removal = await insertRemoval(tx, { roomId, removedBy, restoreUntil, tracks });
      const payload = { removalId: removal.id, roomId };
      await deps.jobs.enqueue(tx, PURGE_REMOVAL_JOB, payload, { runAt: restoreUntil });
      removalIds.push(removal.id);
    }
    const gone = removed.filter(({ track }) => track.status !== 'ready').map(filesOfRemoved);
    return { removalIds, gone };
  });
  await removeStoredFiles(deps, gone);
  return removalIds;
}

/**
 * Puts one removed track back: in every playlist it was in that is still there, at its place,
 * or, in none of them, at the end of the room's default one.
 */
async function putBack(tx: Database, { track, playbackCopy, entries }: RemovedTrack) {
  await insertTrack(tx, track);
  if (playbackCopy) await insertPlaybackCopy(tx, playbackCopy);
  const kept = [];
  for (const entry of entries ?? []) if (await findPlaylist(tx, entry.playlistId)) kept.push(entry);
  await insertEntryRows(tx, kept);
  await keepInDefaultPlaylist(tx, track.roomId, [track.id], null);
}

/**
 * Undoes a removal while its window is open: the tracks come back with their ids, places,
 * files and playback copies. Whoever may remove the room's tracks may undo; too late, or a
 * removal that was already undone, is refused with `undoExpired`.
 */
export async function restoreRemoval(
  deps: Pick<RequestDeps, 'db'>,
  viewer: RoomViewer,
  removalId: string,
): Promise<{ roomId: RoomId; restored: number }> {
  const roomId = await roomOfRemoval(deps.db, removalId);
  if (!roomId) throw trackErrors.undoExpired();
  await authorizeTracksOf(deps.db, viewer, roomId, 'tracks.manage');
  return inTransaction(deps.db, async (tx) => {
    const removal = await takeUndoableRemoval(tx, removalId, roomId, new Date());
    if (!removal) throw trackErrors.undoExpired();
    for (const removed of removal.tracks) await putBack(tx, removed);
    return { roomId, restored: removal.tracks.length };
  });
}

/**
 * Deletes a removal's files once its window has closed; the removal's row goes in the job's
 * commit. Deleting files twice (after a crash) is harmless.
 */
export function purgeRemovalJob(deps: Pick<RequestDeps, 'db' | 'storage' | 'log'>) {
  const handler: JobHandler<PurgePayload> = {
    async run({ removalId }) {
      const removal = await findRemoval(deps.db, removalId);
      if (removal) await removeStoredFiles(deps, removal.tracks.map(filesOfRemoved));
      return async (tx) => {
        await takeRemoval(tx, removalId);
      };
    },
    // Nothing to record: the hourly retention leaves the row for an operator to retry.
    async giveUp() {},
  };
  return handler;
}
