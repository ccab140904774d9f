import { DRIFT_SEEK_MS, driftCorrection } from '@music-rooms/domain/playback';
import { median } from './output-clock';

/**
 * What to do about the gap between what is heard and where the room is (design §4): the
 * domain's `driftCorrection` decides between nothing, a rate nudge and a seek; here it is applied
 * to the median of a few measurements, so one jittery reading moves nothing.
 */

/** Measurements a decision rests on (one each engine tick). */
export const DRIFT_SAMPLES = 5;
/** Within this the player counts as in sync (a nudge closes what is left). */
export const IN_SYNC_MS = 20;

export type DriftAction =
  | { kind: 'none' }
  | { kind: 'seek' }
  /** Play at `rate` for `durationS` of context time, then at 1 again: the gap closes. */
  | { kind: 'nudge'; rate: number; durationS: number };

/** The action for drift measurements in ms (positive: the music is ahead of the room). */
export function driftAction(samplesMs: readonly number[]): DriftAction {
  if (samplesMs.length === 0) return { kind: 'none' };
  const driftMs = median(samplesMs);
  const correction = driftCorrection(driftMs);
  if (correction.kind !== 'rate') return correction;
  // At rate r the gap shrinks by |1 − r| seconds each second.
  return {
    kind: 'nudge',
    rate: correction.rate,
    durationS: Math.abs(driftMs) / 1000 / Math.abs(1 - correction.rate),
  };
}

/** Whether the measured drift is small enough to show "in sync". */
export function isInSync(samplesMs: readonly number[]): boolean {
  return samplesMs.length > 0 && Math.abs(median(samplesMs)) <= Math.min(IN_SYNC_MS, DRIFT_SEEK_MS);
}
