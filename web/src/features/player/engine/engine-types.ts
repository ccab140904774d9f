import type { ClockEstimate } from '@music-rooms/domain/clock';
import type { TrackId } from '@music-rooms/domain/ids';
import type { PlaybackState } from '@music-rooms/domain/playback';
import type { OpenTrack } from './track-source';

/** What the sync engine is given and what it follows (SyncEngine). */

/** The server's clock as the engine reads it (PlayerClock). */
export type EngineClock = {
  serverNow(): number | null;
  localTimeOf(serverMs: number): number | null;
  estimate(): ClockEstimate | null;
  /** Hears each new sample; answers the function that stops it. */
  onChange?(listener: () => void): () => void;
};

export type EngineOptions = {
  clock: EngineClock;
  openTrack: OpenTrack;
  createContext?: () => AudioContext;
  now?: () => number;
  /**
   * This device's wall clock (epoch ms): before the server's clock is known, the room's
   * position is guessed by it, so the music there is fetched while the clock is sampled.
   */
  wallNow?: () => number;
};

/** A track as the engine needs it: which, how long (the room's word), how loud. */
export type EngineTrack = { id: TrackId; durationMs: number; loudnessLufs: number | null };

/**
 * What the engine follows: the room's playback, the current track's loudness, and the track
 * the server will start when this one ends (null: it stops, or nothing is known).
 */
export type EngineView = {
  state: PlaybackState;
  loudnessLufs: number | null;
  next: EngineTrack | null;
};
