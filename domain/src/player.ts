import type { UserId } from './ids';
import type { PlaybackState } from './playback';
import type { PlaybackControl } from './rooms';
import type { TrackSummary } from './tracks';

/**
 * What `player.get` answers: the room's playback on the server timeline, the current track, who
 * is host, and what the caller may do with it (the interface only reads these; the server
 * checks every command itself).
 */
export type PlayerView = {
  state: PlaybackState;
  /** The current track's summary (title, artist, cover, loudness), or null. */
  track: TrackSummary | null;
  /**
   * The track that follows when the current one ends, if nothing changes meanwhile (repeat and
   * shuffle applied; the server makes the same choice when the end comes), so the player can
   * fetch it ahead and change gaplessly. It starts at `trackEndsAt(state)`. Null when the
   * player stops after the current track.
   */
  next: TrackSummary | null;
  /** The present member labelled host, or null when nobody who may host is present. */
  hostId: UserId | null;
  /** Who controls the playback in this room (a room setting). */
  playbackControl: PlaybackControl;
  /**
   * May send commands now: signed in with `player.control` in the room (participant and above)
   * and, when only the host controls, the host (or nobody who may host is present).
   */
  canControl: boolean;
  /** Owner or admin: may hand the host label to another present member. */
  canHandOver: boolean;
};

/**
 * Whether the room's setting lets someone who may control the player do so now: everyone may, or
 * only the host, or anyone while nobody who may host is present.
 */
export const hostAllows = (
  playbackControl: PlaybackControl,
  hostId: UserId | null,
  userId: UserId | null,
): boolean => playbackControl === 'everyone' || hostId === null || hostId === userId;

export const PLAYER_ERRORS = {
  staleRevision: 'player.errors.staleRevision',
  nothingToPlay: 'player.errors.nothingToPlay',
  hostNotPresent: 'player.errors.hostNotPresent',
  onlyHost: 'player.errors.onlyHost',
} as const;
export type PlayerErrorKey = (typeof PLAYER_ERRORS)[keyof typeof PLAYER_ERRORS];

export const PLAYER_ERROR_TEXT: Record<PlayerErrorKey, string> = {
  'player.errors.staleRevision': 'Someone changed the player first; try again',
  'player.errors.nothingToPlay': 'There is no track to play',
  'player.errors.hostNotPresent': 'Only someone in the room now can be host',
  'player.errors.onlyHost': 'In this room only the host controls playback',
};

/**
 * Player commands one person may send in one room, over every node: plenty for hands on the
 * controls, few enough that one person cannot flood every listener of the room with changes.
 * Beyond either, a command is refused (`auth.errors.tooManyRequests` with `retryAfterMs`).
 */
export const PLAYER_LIMITS = {
  burstCommands: 10,
  burstWindowMs: 1000,
  commands: 60,
  windowMs: 10_000,
} as const;

/**
 * The player decodes a track in segments of about this long, never the whole file: a 60-minute
 * track would otherwise need 600 MB of decoded audio.
 */
export const PLAYBACK_SEGMENT_SECONDS = 10;

/**
 * `GET /api/tracks/{id}/playback` (same access as the audio): how to fetch and decode a track
 * in segments. The track's playback copy is one FLAC file (lossless, sample-exact, every frame
 * decodable on its own); each segment is a byte range of whole frames, decoded after `header`.
 */
export type PlaybackManifest = {
  /** Changes when the playback copy is rebuilt; `dataUrl` carries it, so ranges may be cached. */
  version: string;
  sampleRate: number;
  channels: number;
  totalSamples: number;
  /** `fLaC` and the STREAMINFO block (its total-samples field cleared), base64. */
  headerBase64: string;
  /** The FLAC data, fetched with `Range: bytes=byteStart-(byteEnd-1)`. */
  dataUrl: string;
  /** In order, covering the whole track: each starts on a frame at sample `sample`. */
  segments: readonly PlaybackSegment[];
};

export type PlaybackSegment = { sample: number; byteStart: number; byteEnd: number };
