import { median } from './engine/median';
import { clampOutputDelay } from './output-delay';

/**
 * Tapping along with clicks (the sync popover): each tap is compared with the click it answers,
 * at the moment that click should have been heard with the delay in use; the taps' median gap is
 * what the device adds beyond that.
 */

/** A click every this long: slow enough to tap along, quick enough for a few taps a second. */
export const TAP_PERIOD_MS = 600;
/** Taps a proposal needs, after the stray ones are left out. */
export const TAPS_NEEDED = 8;
/** A tap this far from the median gap is a stray one (a missed or doubled tap). */
export const OUTLIER_MS = 250;
/**
 * A tap answers the latest click heard up to this long after it: people tap a little ahead of
 * a beat they follow, and the device's remaining delay is mostly later than the click (a tap
 * gap lies within −150…+450 ms with 600 ms between clicks).
 */
export const EARLY_TAP_MS = 150;

/** The gap (ms) between a tap and the click it answers, or null when no click came before it. */
export function tapOffset(tapAt: number, clicksHeardAt: readonly number[]): number | null {
  const answered = clicksHeardAt.filter((heardAt) => heardAt <= tapAt + EARLY_TAP_MS);
  if (answered.length === 0) return null;
  return tapAt - Math.max(...answered);
}

export type TapProposal =
  /** The delay to use; `used` of the taps agreed, `dropped` were stray. */
  | { kind: 'proposed'; delayMs: number; used: number; dropped: number }
  /** Fewer than TAPS_NEEDED taps agree with each other (yet). */
  | { kind: 'tooFew'; used: number; dropped: number };

/**
 * What the taps' gaps (ms) propose for a device whose delay in use is `currentDelayMs`: heard
 * that much later than the clicks were meant to be, it needs that much more.
 */
export function proposeDelay(offsetsMs: readonly number[], currentDelayMs: number): TapProposal {
  if (offsetsMs.length === 0) return { kind: 'tooFew', used: 0, dropped: 0 };
  const middle = median(offsetsMs);
  const kept = offsetsMs.filter((offset) => Math.abs(offset - middle) <= OUTLIER_MS);
  const used = kept.length;
  const dropped = offsetsMs.length - used;
  if (used < TAPS_NEEDED) return { kind: 'tooFew', used, dropped };
  return {
    kind: 'proposed',
    delayMs: clampOutputDelay(currentDelayMs + median(kept)),
    used,
    dropped,
  };
}
