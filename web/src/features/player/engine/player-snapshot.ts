import type { ClockEstimate } from '@music-rooms/domain/clock';
import type { PlaybackState } from '@music-rooms/domain/playback';
import type { Program } from './program';
import type { PlayerSnapshot, SyncState } from './sync-state';

/** What a snapshot is made of: the room's state, the page's clock, and what is heard. */
export type SnapshotParts = {
  state: PlaybackState | undefined;
  serverNow: number | null;
  estimate: ClockEstimate | null;
  sync: SyncState;
  /** The program position heard now, or null when nothing is (yet). */
  heard: number | null;
  program: Program;
  outputDelayMs: number;
};

/** The test hook's answer (README "Test hook"): what this page plays, read from the audio clock. */
export function playerSnapshot(parts: SnapshotParts): PlayerSnapshot {
  const { state, estimate, heard, program } = parts;
  const base = {
    serverNow: parts.serverNow,
    offsetMs: estimate?.offsetMs ?? null,
    rttMs: estimate?.rttMs ?? null,
    state: parts.sync,
    outputDelayMs: parts.outputDelayMs,
  };
  const still = (position: number | null) => ({ position, outputPosition: position });
  if (!state?.trackId) return { ...base, trackId: null, playing: false, ...still(null) };
  if (!state.playing) {
    return { ...base, trackId: state.trackId, playing: false, ...still(state.positionMs / 1000) };
  }
  const lane = heard === null ? null : program.laneAt(heard);
  if (heard === null || !lane) {
    return { ...base, trackId: state.trackId, playing: true, ...still(null) };
  }
  const position = Math.min(heard - lane.startsAt, lane.durationS);
  const outputPosition = position + parts.outputDelayMs / 1000;
  return { ...base, trackId: lane.trackId, playing: true, position, outputPosition };
}
