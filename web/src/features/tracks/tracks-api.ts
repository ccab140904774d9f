import type { PlaylistId, RoomId, TrackId } from '@music-rooms/domain/ids';
import type { DuplicateChoice, TrackTagChanges } from '@music-rooms/domain/schemas/tracks';
import { callMutation } from '../../lib/api/functions';

/** The calls of the tracks feature (contract: domain/src/contract/tracks.ts). */

export const updateTrack = (id: TrackId, changes: TrackTagChanges & { title: string }) =>
  callMutation('tracks.update', { id, ...changes });

export const updateTracks = (ids: TrackId[], changes: TrackTagChanges) =>
  callMutation('tracks.updateMany', { ids, changes });

export const removeTrack = (id: TrackId) => callMutation('tracks.remove', { id });

export const removeTracks = (ids: TrackId[]) => callMutation('tracks.removeMany', { ids });

export const restoreRemoval = (removalId: string) => callMutation('tracks.restore', { removalId });

export const reorderTracks = (playlistId: PlaylistId, ids: TrackId[]) =>
  callMutation('tracks.reorder', { playlistId, ids });

export const setTrackCover = (id: TrackId, uploadId: string | null) =>
  callMutation('tracks.setCover', { id, uploadId });

export const resolveDuplicate = (uploadId: string, choice: DuplicateChoice) =>
  callMutation('tracks.resolveDuplicate', { uploadId, choice });

export const createPlaylist = (roomId: RoomId, name: string) =>
  callMutation('playlists.create', { roomId, name });

export const renamePlaylist = (id: PlaylistId, name: string) =>
  callMutation('playlists.rename', { id, name });

export const removePlaylist = (id: PlaylistId) => callMutation('playlists.remove', { id });

export const addToPlaylist = (playlistId: PlaylistId, ids: TrackId[]) =>
  callMutation('playlists.addTracks', { playlistId, ids });

export const removeFromPlaylist = (playlistId: PlaylistId, ids: TrackId[]) =>
  callMutation('playlists.removeTracks', { playlistId, ids });

export { mediaUrl } from './media-url';
