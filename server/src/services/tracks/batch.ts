import {
  DomainError,
  type BatchItemResult,
  type RoomId,
  type TrackId,
  type TrackTagChanges,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { RequestDeps } from '../deps';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { authorizeTrack, authorizeTracksOf } from './access';
import { trackErrors } from './errors';
import { deletePlaybackCopies } from './playback-store';
import { removeTracksUndoably } from './removals';
import { ownFixableTracks } from './tag-rights';
import { deleteTrackRows, findTracks, updateTrackRow, type TrackRow } from './store';
import type { StoredFiles } from './stored-files';
import { endUploadsOfRemovedTracks } from './upload-store';

type Deps = Pick<RequestDeps, 'db' | 'storage' | 'log'>;
type RemovalDeps = Deps & Pick<RequestDeps, 'jobs'>;

/**
 * The tracks of a batch the caller may manage, with a refusal for each of the others. Access is
 * checked once per room, so a batch of 500 tracks of one room costs one check.
 */
async function manageableTracks(deps: Deps, viewer: RoomViewer, ids: readonly TrackId[]) {
  requireSignedIn(viewer);
  const rows = await findTracks(deps.db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const allowed = new Map<RoomId, DomainError | null>();
  for (const roomId of new Set(rows.map((row) => row.roomId))) {
    const refusal = await authorizeTracksOf(deps.db, viewer, roomId, 'tracks.manage').then(
      () => null,
      (error: unknown) => {
        if (error instanceof DomainError) return error;
        throw error;
      },
    );
    allowed.set(roomId, refusal);
  }
  const refusals = new Map<TrackId, string>();
  const tracks: TrackRow[] = [];
  for (const id of new Set(ids)) {
    const row = byId.get(id);
    const refusal = row ? allowed.get(row.roomId) : trackErrors.notFound();
    if (refusal) refusals.set(id, refusal.key);
    else tracks.push(row!);
  }
  return { tracks, refusals };
}

const resultsOf = (ids: readonly TrackId[], refusals: Map<TrackId, string>): BatchItemResult[] =>
  [...new Set(ids)].map((id) =>
    refusals.has(id) ? { id, ok: false, error: refusals.get(id)! } : { id, ok: true },
  );

/**
 * Batch edit: the same tag changes on many tracks, with a result per track. An uploader's own
 * tracks are theirs to fix too (title aside, a batch changes artist, album, year, genre).
 */
export async function updateManyTracks(
  deps: Deps,
  viewer: RoomViewer,
  ids: readonly TrackId[],
  changes: TrackTagChanges,
): Promise<{ results: BatchItemResult[]; roomIds: RoomId[] }> {
  const { tracks: managed, refusals } = await manageableTracks(deps, viewer, ids);
  const refused = await findTracks(deps.db, [...refusals.keys()]);
  const own = await ownFixableTracks(deps.db, viewer, refused, changes);
  for (const track of own) refusals.delete(track.id);
  const tracks = [...managed, ...own];
  for (const track of tracks) {
    const updated = await updateTrackRow(deps.db, track.id, changes);
    if (!updated) refusals.set(track.id, trackErrors.notFound().key);
  }
  return { results: resultsOf(ids, refusals), roomIds: roomsOf(tracks) };
}

/** Deletes tracks and their playback copies; answers the rows with the files they leave. */
export async function deleteTracks(
  db: Database,
  ids: readonly TrackId[],
): Promise<(TrackRow & StoredFiles)[]> {
  return inTransaction(db, async (tx) => {
    const copies = await deletePlaybackCopies(tx, ids);
    const rows = await deleteTrackRows(tx, ids);
    await endUploadsOfRemovedTracks(tx, ids);
    return rows.map((row) => ({ ...row, playbackKey: copies.get(row.id) ?? null }));
  });
}

/** Removes one track (editors and above), for a while undoably; answers its room and removal. */
export async function removeTrack(
  deps: RemovalDeps,
  viewer: RoomViewer,
  id: TrackId,
): Promise<{ roomId: RoomId; removalIds: string[] }> {
  const { track } = await authorizeTrack(deps.db, viewer, id, 'tracks.manage');
  const removalIds = await removeTracksUndoably(deps, viewer.userId, [id]);
  return { roomId: track.roomId, removalIds };
}

/** Removes many tracks, for a while undoably, with a result for each. */
export async function removeTracks(
  deps: RemovalDeps,
  viewer: RoomViewer,
  ids: readonly TrackId[],
): Promise<{ results: BatchItemResult[]; roomIds: RoomId[]; removalIds: string[] }> {
  const { tracks, refusals } = await manageableTracks(deps, viewer, ids);
  const removalIds = await removeTracksUndoably(
    deps,
    viewer.userId,
    tracks.map((track) => track.id),
  );
  return { results: resultsOf(ids, refusals), roomIds: roomsOf(tracks), removalIds };
}

const roomsOf = (tracks: readonly TrackRow[]) => [...new Set(tracks.map((track) => track.roomId))];
