import type { PlaylistId, TrackId, UserId } from './ids';
import { roleRank, type RoomRole } from './roles';

/**
 * The room's playback on the server's timeline (design §4): pure math that the server applies
 * to commands and the clients use to know where the music is at any server instant.
 */

export const REPEAT_MODES = ['off', 'all', 'one'] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];

/** How far into the future a play starts, so every client starts on the same instant. */
export const PLAY_LEAD_MS = 400;

export type PlaybackState = {
  playlistId: PlaylistId | null;
  trackId: TrackId | null;
  /** The track's duration (0 when unknown or no track). */
  durationMs: number;
  /** Where in the track the music is at `atServerMs`. */
  positionMs: number;
  /** The server instant `positionMs` refers to; for a play, the instant it starts. */
  atServerMs: number;
  playing: boolean;
  repeat: RepeatMode;
  shuffle: boolean;
  /** Bumped by every change; a command names the revision it saw. */
  revision: number;
};

export const STOPPED: PlaybackState = {
  playlistId: null,
  trackId: null,
  durationMs: 0,
  positionMs: 0,
  atServerMs: 0,
  playing: false,
  repeat: 'off',
  shuffle: false,
  revision: 0,
};

/**
 * Where the music is at a server instant. Before a scheduled start the answer is negative: the
 * track starts in that many milliseconds.
 */
export function positionAt(state: PlaybackState, serverNowMs: number): number {
  if (!state.playing) return state.positionMs;
  const position = state.positionMs + (serverNowMs - state.atServerMs);
  return state.durationMs > 0 ? Math.min(position, state.durationMs) : position;
}

/** The server instant the current track ends, or null when nothing plays to an end. */
export function trackEndsAt(state: PlaybackState): number | null {
  if (!state.playing || !state.trackId || state.durationMs <= 0) return null;
  return state.atServerMs + (state.durationMs - state.positionMs);
}

export type DriftCorrection = { kind: 'none' } | { kind: 'rate'; rate: number } | { kind: 'seek' };

/**
 * Below this nothing is corrected: well under what the ear hears between two speakers, so that
 * two players, each within it of the room, stay within a couple of ms of each other; above the
 * noise of a player's own measurement (the median of a few seconds of readings).
 */
export const DRIFT_TOLERANCE_MS = 0.5;
/** Beyond this a rate nudge would take too long: the player seeks. */
export const DRIFT_SEEK_MS = 60;
/** A nudge aims to close the gap over this long, within ±2 % (no audible pitch change). */
const NUDGE_OVER_MS = 3000;
const MAX_NUDGE = 0.02;

/**
 * How to mend a playhead that is `driftMs` ahead of where it should be (negative: behind): a
 * small drift by playing a little slower or faster, a large one by seeking.
 */
export function driftCorrection(driftMs: number): DriftCorrection {
  const size = Math.abs(driftMs);
  if (size <= DRIFT_TOLERANCE_MS) return { kind: 'none' };
  if (size > DRIFT_SEEK_MS) return { kind: 'seek' };
  const nudge = Math.min(MAX_NUDGE, size / NUDGE_OVER_MS);
  return { kind: 'rate', rate: driftMs > 0 ? 1 - nudge : 1 + nudge };
}

/** A person present in the room, as host election sees them. */
export type HostCandidate = { userId: UserId; role: RoomRole; joinedAt: number };

/**
 * The host among the people present: a host handed the role keeps it while present; otherwise
 * the highest role (owner > admin > editor > participant), ties to whoever joined first.
 * Viewers never host: they only listen.
 */
export function electHost(present: readonly HostCandidate[], chosen: UserId | null): UserId | null {
  const eligible = present.filter((p) => roleRank(p.role) > roleRank('viewer'));
  if (chosen && eligible.some((p) => p.userId === chosen)) return chosen;
  const [first] = [...eligible].sort(
    (a, b) => roleRank(b.role) - roleRank(a.role) || a.joinedAt - b.joinedAt,
  );
  return first?.userId ?? null;
}
