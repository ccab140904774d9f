import type { DevJobProgress, DevRoomRef } from './dev-tracks';
import type { RoomId, TrackId } from './ids';

/**
 * Spotify's catalogue, as the developer pages search it and match a room's tracks to it (spec §2
 * /dev/spotify-search-test and /dev/spotify-find-track-test; §3 the super-admin fields). The
 * server reaches the Web API with the client credentials flow, on the same app settings as
 * sign-in with Spotify.
 */

export const SPOTIFY_LIMITS = {
  /** Apps in development mode get at most 10 results a page (2026). */
  pageSize: 10,
  /** Tracks the matching page lists at once. */
  tracksToMatchMax: 30,
  queryMax: 200,
  /** Tracks whose durations differ by more than this are not the same recording. */
  durationToleranceMs: 2000,
  /** A wait the API asks for (429 Retry-After) up to this long is waited out; a longer one is said. */
  retryAfterWaitMaxMs: 10_000,
  /**
   * A room matched as a whole keeps a candidate only this sure: the same ISRC (1), or the same
   * artist and title with lengths within 1 s (0.90 to 0.95). Anything less is listed unmatched.
   */
  autoMatchConfidence: 0.9,
} as const;

export type SpotifyArtistRef = { id: string; name: string };

/** A track of the catalogue, as a search or a lookup gives it. */
export type SpotifyTrack = {
  id: string;
  name: string;
  artists: SpotifyArtistRef[];
  album: string;
  imageUrl: string | null;
  durationMs: number;
  /** The recording's ISRC (`external_ids.isrc`), when Spotify knows it. */
  isrc: string | null;
  url: string | null;
};

export type SpotifyArtist = {
  id: string;
  name: string;
  imageUrl: string | null;
  followers: number | null;
  genres: string[];
  url: string | null;
};

export type SpotifySearchKind = 'track' | 'artist';

/** One page of a search. */
export type SpotifySearchPage = {
  kind: SpotifySearchKind;
  tracks: SpotifyTrack[];
  artists: SpotifyArtist[];
  offset: number;
  total: number;
  /** The query as sent (with `isrc:` and field filters it may differ from what was typed). */
  query: string;
};

/** Why a candidate was taken for the track. */
export type SpotifyMatchReason =
  /** Same ISRC: the same recording. */
  | 'isrc'
  /** Same artist and title, durations within the tolerance. */
  | 'artistTitleDuration'
  /** Same title and duration, another artist spelling. */
  | 'titleDuration'
  /** Same artist and title, but the durations differ (another version or edit). */
  | 'artistTitle';

export type SpotifyMatchCandidate = {
  track: SpotifyTrack;
  /** 0–1: how sure the match is (1 for an ISRC match). */
  confidence: number;
  reason: SpotifyMatchReason;
  /** Spotify's duration minus the track's, in ms. */
  durationDeltaMs: number;
};

/** A room's track and what Spotify has that could be it, best first. */
export type SpotifyTrackMatch = {
  trackId: TrackId;
  /** The searches made, in order (ISRC first when the track has one). */
  queries: string[];
  candidates: SpotifyMatchCandidate[];
};

/** A room's track as the matching page lists it. */
export type SpotifyTrackToMatch = {
  id: TrackId;
  title: string;
  artist: string | null;
  durationMs: number;
  isrc: string | null;
  spotifyId: string | null;
  roomId: RoomId;
  roomName: string;
};

/** What the super-admin fields of a track hold once a match is confirmed. */
export type SpotifyMatchSaved = {
  trackId: TrackId;
  roomId: RoomId;
  spotifyId: string;
  isrc: string | null;
  artistExternalIds: Record<string, string>;
};

/** Why a track of a room matched as a whole was left without a Spotify id. */
export type SpotifyUnmatchedReason =
  /** Spotify had nothing with the track's title (or ISRC). */
  | 'noCandidates'
  /** The best candidate was below the confidence a match needs. */
  | 'lowConfidence'
  /** Asking Spotify failed, even after waiting as it asked. */
  | 'failed';

/** One track of a room matched as a whole. */
export type SpotifyRoomMatchItem = {
  trackId: TrackId;
  title: string;
  artist: string | null;
  matched: boolean;
  /** Why it matched, or why it did not. */
  reason: SpotifyMatchReason | SpotifyUnmatchedReason;
  /** The best candidate's confidence, when there was one. */
  confidence: number | null;
  /** The best candidate (kept on the track only when matched). */
  spotifyId: string | null;
  /** For 'failed': the error key Spotify's answer gave. */
  error: string | null;
};

/** A room as the "match all" picker shows it. */
export type SpotifyMatchRoom = DevRoomRef & { tracks: number; matched: number };

/** The rooms, and the last "match all" of the one asked about: its progress and outcomes. */
export type SpotifyRoomMatches = {
  rooms: SpotifyMatchRoom[];
  progress: DevJobProgress | null;
  items: SpotifyRoomMatchItem[];
};

export const SPOTIFY_ERRORS = {
  notConfigured: 'spotify.errors.notConfigured',
  rateLimited: 'spotify.errors.rateLimited',
  failed: 'spotify.errors.failed',
  credentialsRefused: 'spotify.errors.credentialsRefused',
  trackNotFound: 'spotify.errors.trackNotFound',
} as const;
type SpotifyErrorKey = (typeof SPOTIFY_ERRORS)[keyof typeof SPOTIFY_ERRORS];

export const SPOTIFY_ERROR_TEXT: Record<SpotifyErrorKey, string> = {
  'spotify.errors.notConfigured':
    'Spotify is not set up on this server (SPOTIFY_CLIENT_ID and SPOTIFY_CLIENT_SECRET)',
  'spotify.errors.rateLimited': 'Spotify asks to wait {{seconds}} s before the next request',
  'spotify.errors.failed': 'Spotify did not answer as expected',
  'spotify.errors.credentialsRefused': 'Spotify refused the client id and secret',
  'spotify.errors.trackNotFound': 'Spotify has no such track',
};
