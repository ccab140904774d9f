import type { Reading } from './listeners';
import { percentile } from './stats';
import type { PairedClick } from './sync-figures';

/**
 * How a page comes to be heard and in sync with the other: when it was first heard, the gap
 * between the speakers a few seconds on, and from when every click both played stays within the
 * bound for good. Pure functions; recording seconds unless said.
 */

/** The first reading (epoch ms) at which the page says it plays and what it hears, or null. */
export function firstHeardAt(readings: readonly Reading[]): number | null {
  return readings.find(({ shot }) => shot?.playing && shot.position !== null)?.at ?? null;
}

/** How far around an instant the clicks count towards the gap "at" it. */
const NEAR_S = 0.5;

/** The size of the median gap (ms) of the clicks within half a second of `atS`; NaN for none. */
export function gapNear(pairs: readonly PairedClick[], atS: number): number {
  const near = pairs.filter((pair) => Math.abs(pair.atS - atS) <= NEAR_S);
  return Math.abs(
    percentile(
      near.map((pair) => pair.aMinusBMs),
      50,
    ),
  );
}

/**
 * Seconds from `fromS` to the first click of the last unbroken stretch of clicks within
 * `boundMs` (every later click within it); NaN when the last click is outside, or there is none.
 */
export function withinForGoodAfter(
  points: readonly { atS: number; value: number }[],
  fromS: number,
  boundMs: number,
): number {
  const after = points.filter((point) => point.atS >= fromS);
  const lastOut = after.findLastIndex((point) => Math.abs(point.value) > boundMs);
  const settled = after[lastOut + 1];
  return settled === undefined ? NaN : settled.atS - fromS;
}

/**
 * How a speaker that was playing steadily was moved by something at `atS` (another page
 * joining): its place against the track, less its median place over the seconds before, for
 * every click after. `worstMs`: the furthest it went (positive: later); `overshootMs`: the
 * furthest the other way (0 when it never crossed).
 */
export function disturbance(
  places: readonly { atS: number; value: number }[],
  atS: number,
  baselineS: number,
) {
  const before = places.filter((p) => p.atS < atS && p.atS >= atS - baselineS);
  const level = percentile(
    before.map((p) => p.value),
    50,
  );
  const after = places
    .filter((p) => p.atS >= atS)
    .map((p) => ({ atS: p.atS, value: p.value - level }));
  const worst = after.reduce((far, p) => (Math.abs(p.value) > Math.abs(far) ? p.value : far), 0);
  const opposite = after.map((p) => -Math.sign(worst) * p.value).filter((value) => value > 0);
  return {
    clicksBefore: before.length,
    worstMs: worst,
    overshootMs: opposite.length ? Math.max(...opposite) : 0,
  };
}
