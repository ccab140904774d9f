import { z } from 'zod';
import type {
  SpotifyMatchSaved,
  SpotifyRoomMatches,
  SpotifySearchPage,
  SpotifyTrackMatch,
  SpotifyTrackToMatch,
} from '../spotify';
import { roomIdSchema, trackIdSchema } from '../schemas/ids';
import {
  spotifyIdSchema,
  spotifySearchArgsSchema,
  trackToMatchSearchSchema,
} from '../schemas/spotify';
import { action } from './define';

/**
 * The spotify.* functions of the developer pages: a super administrator's only (everyone else
 * is answered "not found"). Each asks Spotify's Web API with the server's client credentials.
 */
export const SPOTIFY_FUNCTIONS = {
  /** One page (at most 10) of tracks or artists. */
  'spotify.search': action(spotifySearchArgsSchema).returns<SpotifySearchPage>(),
  /** Tracks of every room to match, by title, artist or room; unmatched first. */
  'spotify.tracksToMatch': action(z.object({ search: trackToMatchSearchSchema })).returns<
    SpotifyTrackToMatch[]
  >(),
  /** What Spotify has that could be this track: by ISRC first, then artist, title and length. */
  'spotify.findTrack': action(z.object({ trackId: trackIdSchema })).returns<SpotifyTrackMatch>(),
  /** Keeps a match on the track: its Spotify id, ISRC and the artists' Spotify ids. */
  'spotify.confirmMatch': action(
    z.object({ trackId: trackIdSchema, spotifyTrackId: spotifyIdSchema }),
  ).returns<SpotifyMatchSaved>(),
  /** The rooms to match as a whole, and the last run of the one named: progress and outcomes. */
  'spotify.roomMatches': action(
    z.object({ roomId: roomIdSchema.optional() }),
  ).returns<SpotifyRoomMatches>(),
  /**
   * Matches every ready track of the room without a Spotify id, one background job a track;
   * keeps a match only as sure as SPOTIFY_LIMITS.autoMatchConfidence.
   */
  'spotify.matchRoom': action(z.object({ roomId: roomIdSchema })).returns<SpotifyRoomMatches>(),
} as const;
