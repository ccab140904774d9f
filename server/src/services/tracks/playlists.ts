import type { PlaylistId, PlaylistSummary, RoomAccessArgs, RoomId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { authorizeTracksOf } from './access';
import { trackErrors } from './errors';
import {
  defaultPlaylist,
  deletePlaylistRow,
  findPlaylist,
  insertPlaylist,
  listPlaylistRows,
  renamePlaylistRow,
  type PlaylistRow,
} from './playlist-store';
import { playlistTrackIds } from './entry-store';
import { keepInDefaultPlaylist } from './playlist-entries';
import { inTransaction } from '../../db/transaction';

type Deps = Pick<RequestDeps, 'db'>;

/** The name a room's first playlist gets; people rename it as they like. */
export const DEFAULT_PLAYLIST_NAME = 'Playlist';

const summary = (row: PlaylistRow, trackCount: number): PlaylistSummary => ({
  _id: row.id,
  roomId: row.roomId,
  name: row.name,
  isDefault: row.isDefault,
  trackCount,
});

/** A room's playlists, the default one first (made on first look). */
export async function listPlaylists(
  deps: Deps,
  viewer: RoomViewer,
  roomId: RoomId,
  pass: RoomAccessArgs,
): Promise<PlaylistSummary[]> {
  await authorizeTracksOf(deps.db, viewer, roomId, 'room.view', pass);
  await defaultPlaylist(deps.db, roomId, DEFAULT_PLAYLIST_NAME);
  const rows = await listPlaylistRows(deps.db, roomId);
  return rows.map((row) => summary(row.playlist, row.trackCount));
}

export async function createPlaylist(
  deps: Deps,
  viewer: RoomViewer,
  roomId: RoomId,
  name: string,
): Promise<PlaylistRow> {
  const userId = requireSignedIn(viewer);
  await authorizeTracksOf(deps.db, viewer, roomId, 'playlists.manage');
  await defaultPlaylist(deps.db, roomId, DEFAULT_PLAYLIST_NAME);
  return insertPlaylist(deps.db, { roomId, name, createdBy: userId });
}

async function managedPlaylist(deps: Deps, viewer: RoomViewer, id: PlaylistId) {
  const playlist = await findPlaylist(deps.db, id);
  if (!playlist) throw trackErrors.playlistNotFound();
  await authorizeTracksOf(deps.db, viewer, playlist.roomId, 'playlists.manage');
  return playlist;
}

export async function renamePlaylist(
  deps: Deps,
  viewer: RoomViewer,
  id: PlaylistId,
  name: string,
): Promise<PlaylistSummary> {
  await managedPlaylist(deps, viewer, id);
  const row = await renamePlaylistRow(deps.db, id, name);
  if (!row) throw trackErrors.playlistNotFound();
  const tracks = await playlistTrackIds(deps.db, id);
  return summary(row, tracks.length);
}

/**
 * Removes a playlist and its entries; the default playlist stays. The tracks stay in the room:
 * those in no other playlist go to the end of the default one, in this playlist's order.
 */
export async function removePlaylist(
  deps: Deps,
  viewer: RoomViewer,
  id: PlaylistId,
): Promise<RoomId> {
  const playlist = await managedPlaylist(deps, viewer, id);
  if (playlist.isDefault) throw trackErrors.defaultPlaylist();
  await inTransaction(deps.db, async (tx) => {
    const held = await playlistTrackIds(tx, id);
    await deletePlaylistRow(tx, id);
    await keepInDefaultPlaylist(tx, playlist.roomId, held, viewer.userId);
  });
  return playlist.roomId;
}
