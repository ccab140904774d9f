import { round } from './stats';

/**
 * The runs of one kind, repeated: every figure as the list of each run's value (in run order),
 * and the spread (min / median / max over the runs) of the figures that say how well it went.
 */

type Figures = Record<string, number | string>;

/** Figures whose spread is printed, by the name after the kind's prefix. */
const SPREAD_OF = [
  'ABP95Ms',
  'FirstSoundAS',
  'FirstSoundBS',
  'StartHeardBS',
  'StartHeardAfterAskedBS',
  'StartHeardAfterConnectBS',
  'ABAt3sMs',
  'ABAt10sMs',
  'InSyncForGoodS',
  'AMovedMaxMs',
  'AOvershootMs',
  'ABackWithin2MsS',
];

/**
 * "min 0.4 / median 0.9 / max 2.1 (5 of 5 runs)" over the runs that have a number: a run without
 * one (never in sync for good, failed) is counted out, and the count says so.
 */
export function spreadOf(values: readonly (number | string | undefined)[]): string {
  const numbers = values.filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  const runs = `${numbers.length} of ${values.length} runs`;
  if (numbers.length === 0) return `none (${runs})`;
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const shown = (value: number) => round(value, 2);
  return `min ${shown(sorted[0]!)} / median ${shown(median)} / max ${shown(sorted.at(-1)!)} (${runs})`;
}

/** Each run's figures (named with `prefix`) combined into one list per figure, and spreads. */
export function combineRuns(prefix: string, runs: readonly Figures[]): Figures {
  const names = [...new Set(runs.flatMap((run) => Object.keys(run)))];
  const combined: Figures = {};
  for (const name of names) {
    const values = runs.map((run) => run[name]);
    if (runs.length === 1) {
      combined[name] = values[0]!;
      continue;
    }
    combined[name] = values.map((value) => (value === undefined ? '–' : String(value))).join(' | ');
  }
  for (const name of SPREAD_OF) {
    const key = `${prefix}${name}`;
    if (names.includes(key)) combined[`${key}Spread`] = spreadOf(runs.map((run) => run[key]));
  }
  return combined;
}
