import type { TrackId } from '@music-rooms/domain/ids';

/**
 * How the player stands with the room (spec §4 Player sync): nothing to play, finding its
 * place, in sync, failing to load (it keeps trying), or waiting for a click because the browser
 * blocks audio that starts by itself.
 */
export const SYNC_STATES = ['idle', 'syncing', 'inSync', 'syncError', 'blocked'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

/** What `window.musicRooms.player.snapshot()` answers (README "Test hook"). */
export type PlayerSnapshot = {
  trackId: TrackId | null;
  playing: boolean;
  /**
   * Seconds into the track heard now, read from the audio clock and this device's output delay
   * (what leaves the browser now is that much further on); while paused, where it is
   * paused; null when it should play but nothing is heard (syncing, blocked, an error).
   */
  position: number | null;
  /** The server's epoch ms now, as this page estimates it (null before the first probe). */
  serverNow: number | null;
  offsetMs: number | null;
  rttMs: number | null;
  state: SyncState;
  /** This device's output delay in use (ms): the music leaves the browser that much early. */
  outputDelayMs: number;
  /**
   * Seconds into the track leaving the browser's output now: `position` plus the output delay,
   * the music being scheduled that much earlier (null when `position` is).
   */
  outputPosition: number | null;
};

/** How late this page's sound is heard after it is rendered (ms). */
export type OutputInfo = {
  /** What the engine reckons with (the output's stamps, or the reported latency before them). */
  latencyMs: number | null;
  /** `baseLatency + outputLatency` as the browser reports them. */
  reportedMs: number | null;
  /** This device's hidden delay beyond both, set by the person (`outputDelays`). */
  delayMs: number;
};

/** What the interface shows of the engine; a new object whenever something in it changes. */
export type EngineStatus = {
  sync: SyncState;
  /** The last measured gap between what is heard and the room, in ms (positive: ahead). */
  driftMs: number | null;
};
