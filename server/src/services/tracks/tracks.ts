import {
  TOPICS,
  type PlaylistId,
  type RoomId,
  type RoomAccessArgs,
  type TrackDetails,
  type TrackId,
  type TrackListQuery,
  type TrackListResult,
  type TrackSummary,
  type TrackTagChanges,
} from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { inTransaction } from '../../db/transaction';
import { findUserById, isSuperAdmin } from '../accounts/users-store';
import type { RoomViewer } from '../rooms/access';
import { authorizeTrack, authorizeTracksOf } from './access';
import { trackErrors } from './errors';
import { authorizeTagEdit } from './tag-rights';
import { findPlaylist } from './playlist-store';
import { playlistTrackIds, setPositions } from './entry-store';
import { findTrack, listTrackRows, trackStats, updateTrackRow } from './store';
import { trackDetails, trackSummary } from './views';

type Deps = Pick<RequestDeps, 'db' | 'config'>;

/** A room's library or one playlist of it, searched and sorted, with the playlist stats. */
export async function listTracks(
  deps: Deps,
  viewer: RoomViewer,
  { roomId, playlistId, search, sort, ...pass }: TrackListQuery,
): Promise<TrackListResult> {
  await authorizeTracksOf(deps.db, viewer, roomId, 'room.view', pass);
  if (playlistId) await requirePlaylistOf(deps, playlistId, roomId);
  const scope = { roomId, playlistId };
  const [rows, stats] = await Promise.all([
    listTrackRows(deps.db, scope, { search, sort }),
    trackStats(deps.db, scope),
  ]);
  return { tracks: rows.map(trackSummary), stats };
}

async function requirePlaylistOf(deps: Deps, playlistId: PlaylistId, roomId: RoomId) {
  const playlist = await findPlaylist(deps.db, playlistId);
  if (!playlist || playlist.roomId !== roomId) throw trackErrors.playlistNotFound();
  return playlist;
}

/** The track info panel; super administrators also see the external ids. */
export async function getTrack(
  deps: Deps,
  viewer: RoomViewer,
  id: TrackId,
  pass: RoomAccessArgs,
): Promise<TrackDetails> {
  const { track } = await authorizeTrack(deps.db, viewer, id, 'room.view', pass);
  const user = viewer.userId ? await findUserById(deps.db, viewer.userId) : null;
  return trackDetails(track, user ? isSuperAdmin(user, deps.config.superAdminEmails) : false);
}

/** Edits a track's tags (editors and above, or its uploader for the tags they may fix). */
export async function updateTrack(
  deps: Deps,
  viewer: RoomViewer,
  id: TrackId,
  changes: TrackTagChanges,
): Promise<TrackSummary> {
  await authorizeTagEdit(deps.db, viewer, id, changes);
  await updateTrackRow(deps.db, id, changes);
  const updated = await findTrack(deps.db, id);
  if (!updated) throw trackErrors.notFound();
  return trackSummary(updated);
}

/**
 * Sets a playlist's manual order. `ids` must be exactly the playlist's tracks: a list made
 * before someone else added or removed one is refused rather than half applied.
 */
export async function reorderTracks(
  deps: Deps,
  viewer: RoomViewer,
  playlistId: PlaylistId,
  ids: readonly TrackId[],
): Promise<{ roomId: RoomId; reordered: number }> {
  const playlist = await findPlaylist(deps.db, playlistId);
  if (!playlist) throw trackErrors.playlistNotFound();
  await authorizeTracksOf(deps.db, viewer, playlist.roomId, 'tracks.manage');
  return inTransaction(deps.db, async (tx) => {
    const current = await playlistTrackIds(tx, playlistId);
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || current.length !== ids.length) {
      throw trackErrors.reorderMismatch();
    }
    if (current.some((id) => !wanted.has(id))) throw trackErrors.reorderMismatch();
    await setPositions(tx, playlistId, ids);
    return { roomId: playlist.roomId, reordered: ids.length };
  });
}

/** The topics a change to a room's tracks touches (the list, the playlists, the room page). */
export const trackTopics = (roomId: RoomId) => [TOPICS.tracks(roomId), TOPICS.playlists(roomId)];
