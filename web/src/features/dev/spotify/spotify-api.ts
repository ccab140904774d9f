import type { RoomId, TrackId } from '@music-rooms/domain/ids';
import type { SpotifySearchKind } from '@music-rooms/domain/spotify';
import { callAction } from '../../../lib/api/functions';

/** The spotify.* calls of the developer pages. */

export const searchSpotify = (query: string, kind: SpotifySearchKind, offset: number) =>
  callAction('spotify.search', { query, kind, offset });

export const tracksToMatch = (search: string) => callAction('spotify.tracksToMatch', { search });

export const findOnSpotify = (trackId: TrackId) => callAction('spotify.findTrack', { trackId });

export const confirmSpotifyMatch = (trackId: TrackId, spotifyTrackId: string) =>
  callAction('spotify.confirmMatch', { trackId, spotifyTrackId });

export const readRoomMatches = (roomId: RoomId | null) =>
  callAction('spotify.roomMatches', roomId ? { roomId } : {});

export const matchRoom = (roomId: RoomId) => callAction('spotify.matchRoom', { roomId });
