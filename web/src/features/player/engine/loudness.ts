import type { TrackId } from '@music-rooms/domain/ids';
import type { TrackLane } from './track-lane';
/**
 * "Normalize volume": each track is brought towards one loudness from its measured EBU R128
 * integrated loudness, within limits (a quiet track is not boosted into clipping, a loud one
 * not cut to a whisper). Without a measurement the track plays as it is.
 */

export const TARGET_LUFS = -14;
const MAX_BOOST_DB = 6;
const MAX_CUT_DB = -12;

/** The linear gain that brings a track of `lufs` towards the target; 1 when off or unknown. */
export function normalizationGain(lufs: number | null, enabled: boolean): number {
  if (!enabled || lufs === null || !Number.isFinite(lufs)) return 1;
  const db = Math.min(MAX_BOOST_DB, Math.max(MAX_CUT_DB, TARGET_LUFS - lufs));
  return 10 ** (db / 20);
}

/** The output gain of the volume slider (0…1): squared, so the slider's middle sounds like half. */
export function volumeGain(volume: number, muted: boolean): number {
  if (muted) return 0;
  const clamped = Math.min(1, Math.max(0, volume));
  return clamped * clamped;
}

/**
 * Sets each lane's loudness normalization: the first lane plays the current track (`current`
 * LUFS), a later one the next track's when it is that track (else it is left at 1).
 */
export function applyLaneGains(
  lanes: readonly TrackLane[],
  current: number | null,
  next: { id: TrackId; loudnessLufs: number | null } | null,
  normalize: boolean,
): void {
  lanes.forEach((lane, index) => {
    const lufs = index === 0 ? current : next?.id === lane.trackId ? next.loudnessLufs : null;
    lane.gain.gain.value = normalizationGain(lufs, normalize);
  });
}
