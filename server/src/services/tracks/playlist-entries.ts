import type { PlaylistId, RoomId, TrackId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { RequestDeps } from '../deps';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { authorizeTracksOf } from './access';
import { appendEntries, deleteEntries, tracksInNoPlaylist, tracksInPlaylist } from './entry-store';
import { trackErrors } from './errors';
import { defaultPlaylist, findPlaylist, type PlaylistRow } from './playlist-store';
import { DEFAULT_PLAYLIST_NAME } from './playlists';
import { findTracks } from './store';

type Deps = Pick<RequestDeps, 'db'>;

/**
 * A playlist whose entries the caller may change: the same right as editing the room's tracks
 * (editors and above), since an entry is part of what everyone in the room hears next.
 */
async function editablePlaylist(deps: Deps, viewer: RoomViewer, id: PlaylistId) {
  requireSignedIn(viewer);
  const playlist = await findPlaylist(deps.db, id);
  if (!playlist) throw trackErrors.playlistNotFound();
  await authorizeTracksOf(deps.db, viewer, playlist.roomId, 'tracks.manage');
  return playlist;
}

/** The ids, once each, after checking that every one is a track of the playlist's room. */
async function tracksOfRoom(deps: Deps, playlist: PlaylistRow, ids: readonly TrackId[]) {
  const unique = [...new Set(ids)];
  const rows = await findTracks(deps.db, unique);
  if (rows.length !== unique.length) throw trackErrors.notFound();
  if (rows.some((row) => row.roomId !== playlist.roomId)) throw trackErrors.otherRoomTrack();
  return unique;
}

/**
 * Puts tracks of the room at the end of a playlist, in the order given. When one of them is in
 * it already, nothing is added: the person picked a playlist that holds it, and a silent partial
 * addition would leave them guessing which went in.
 */
export async function addTracksToPlaylist(
  deps: Deps,
  viewer: RoomViewer,
  playlistId: PlaylistId,
  ids: readonly TrackId[],
): Promise<{ roomId: RoomId; added: number }> {
  const playlist = await editablePlaylist(deps, viewer, playlistId);
  const trackIds = await tracksOfRoom(deps, playlist, ids);
  return inTransaction(deps.db, async (tx) => {
    const present = await tracksInPlaylist(tx, playlistId, trackIds);
    if (present.length > 0) throw trackErrors.alreadyInPlaylist(playlist.name);
    await appendEntries(tx, playlistId, trackIds, viewer.userId);
    return { roomId: playlist.roomId, added: trackIds.length };
  });
}

/**
 * Takes tracks out of one playlist; they stay in the room and in their other playlists. The
 * default playlist refuses: it is where a track in no other playlist lives, so a track leaves it
 * by being deleted (with its Undo).
 */
export async function removeTracksFromPlaylist(
  deps: Deps,
  viewer: RoomViewer,
  playlistId: PlaylistId,
  ids: readonly TrackId[],
): Promise<{ roomId: RoomId; removed: number }> {
  const playlist = await editablePlaylist(deps, viewer, playlistId);
  if (playlist.isDefault) throw trackErrors.defaultPlaylistEntry();
  return inTransaction(deps.db, async (tx) => {
    const removed = await deleteEntries(tx, playlistId, [...new Set(ids)]);
    await keepInDefaultPlaylist(tx, playlist.roomId, removed, viewer.userId);
    return { roomId: playlist.roomId, removed: removed.length };
  });
}

/**
 * Every track is in at least one playlist: of these tracks, those now in none go to the end
 * of the room's default playlist, so a track never disappears from every list while it is in
 * the room.
 */
export async function keepInDefaultPlaylist(
  tx: Database,
  roomId: RoomId,
  trackIds: readonly TrackId[],
  addedBy: UserId | null,
): Promise<void> {
  const homeless = await tracksInNoPlaylist(tx, trackIds);
  if (homeless.length === 0) return;
  const home = await defaultPlaylist(tx, roomId, DEFAULT_PLAYLIST_NAME);
  await appendEntries(tx, home.id, homeless, addedBy);
}
