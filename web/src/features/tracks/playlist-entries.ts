import type { PlaylistSummary, TrackSummary } from '@music-rooms/domain/tracks';

/** The room's playlists as the track list sees them: the one shown, and all of them. */
export type RoomPlaylists = { shown: PlaylistSummary | null; all: readonly PlaylistSummary[] };

/** Of these tracks, those a playlist does not hold yet (what adding them to it would add). */
export const notIn = (playlist: PlaylistSummary, tracks: readonly TrackSummary[]) =>
  tracks.filter((track) => !track.playlistIds.includes(playlist._id));

/** "Remove from this playlist" is offered in a playlist other than the room's default one. */
export const canLeaveShown = (playlists: RoomPlaylists) =>
  playlists.shown !== null && !playlists.shown.isDefault;
