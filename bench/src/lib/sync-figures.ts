import type { MatchedClick } from './click-locate';
import { percentile } from './stats';

/**
 * What two recorded outputs of one click train say about sync: the gap between them click by
 * click, and each one's place against the server's timeline. Pure functions; times in ms.
 */

/** One click both outputs played: when (recording seconds) and how much later A played it. */
export type PairedClick = { atS: number; aMinusBMs: number; index: number };

/** Clicks both outputs played, with A's lateness over B (positive: A sounded later). */
export function pairClicks(
  a: readonly MatchedClick[],
  b: readonly MatchedClick[],
  sampleRate: number,
): PairedClick[] {
  const bByIndex = new Map(b.map((click) => [click.index, click.at]));
  const pairs: PairedClick[] = [];
  for (const click of a) {
    const other = bByIndex.get(click.index);
    if (other === undefined) continue;
    pairs.push({
      atS: click.at / sampleRate,
      aMinusBMs: ((click.at - other) / sampleRate) * 1000,
      index: click.index,
    });
  }
  return pairs;
}

/** One value per window of `windowS` seconds: the median of the values that fall in it. */
export function windowMedians(
  points: readonly { atS: number; value: number }[],
  windowS: number,
): { atS: number; value: number }[] {
  const windows = new Map<number, number[]>();
  for (const point of points) {
    const key = Math.floor(point.atS / windowS);
    windows.set(key, [...(windows.get(key) ?? []), point.value]);
  }
  return [...windows.entries()]
    .sort(([x], [y]) => x - y)
    .map(([key, values]) => ({ atS: key * windowS, value: percentile(values, 50) }));
}

/** p50, p95 and max of the sizes of some values. */
export function spread(values: readonly number[]): { p50: number; p95: number; max: number } {
  const sizes = values.map(Math.abs);
  return {
    p50: percentile(sizes, 50),
    p95: percentile(sizes, 95),
    max: sizes.length ? Math.max(...sizes) : NaN,
  };
}

/** The least-squares slope of value over time, per minute. */
export function slopePerMinute(points: readonly { atS: number; value: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const meanT = points.reduce((sum, p) => sum + p.atS, 0) / n;
  const meanV = points.reduce((sum, p) => sum + p.value, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.atS - meanT) * (p.value - meanV);
    den += (p.atS - meanT) ** 2;
  }
  return den === 0 ? NaN : (num / den) * 60;
}

/** Where the room's music is at a server instant (the part of `PlaybackState` that says it). */
export type Timeline = { positionMs: number; atServerMs: number };

/**
 * How far ahead of the server's timeline each heard click was (negative: behind): the click's
 * place in the track minus where the server says the track is at the instant it was heard.
 * `epochOf` turns a recording sample into that instant (server epoch ms).
 */
export function aheadOfServer(
  clicks: readonly MatchedClick[],
  known: readonly number[],
  sampleRate: number,
  timeline: Timeline,
  epochOf: (sample: number) => number,
): { atS: number; value: number }[] {
  return clicks.map((click) => {
    const trackMs = (known[click.index]! / sampleRate) * 1000;
    const serverMs = timeline.positionMs + epochOf(click.at) - timeline.atServerMs;
    return { atS: click.at / sampleRate, value: trackMs - serverMs };
  });
}
