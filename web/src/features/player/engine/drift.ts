import { DRIFT_SEEK_MS, driftCorrection } from '@music-rooms/domain/playback';
import { median } from './output-clock';

/**
 * What to do about the gap between what is heard and where the room is (design §4): the
 * domain's `driftCorrection` decides between nothing, a rate nudge and a seek; here it is applied
 * to the median of a few seconds of measurements for a gap within a millisecond, so that the
 * jitter of single readings (the output stamps, the clock's probes) never moves the music: a
 * nudge moves it for real, and a nudge chasing noise is what makes two speakers wander apart.
 * A larger gap held in a few measurements in a row is closed at once (`promptAction`).
 */

/** Measurements a small gap's decision rests on (one each engine tick, so about three seconds). */
export const DRIFT_SAMPLES = 15;
/** Measurements enough to say "in sync" (a second). */
const IN_SYNC_SAMPLES = 5;
/**
 * A nudge closes this share of the measured gap: what is left is closed by the next one. The
 * measured gap is partly noise (the output stamps wander by a few ms), and closing all of it
 * each time would swing the music to and fro by that much.
 */
const GAIN = 0.75;
/**
 * The player says "in sync" once the drift is within this ("within a few milliseconds", design
 * §4): not while a correction is still closing a larger gap, as after a start whose output clock
 * was still settling.
 */
export const IN_SYNC_MS = 3;
/** Once in sync, only a drift beyond this says "syncing" again: a moment's wobble is not news. */
export const OUT_OF_SYNC_MS = 20;

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
  return closing(GAIN * driftMs);
}

/**
 * A gap beyond this in every one of the last `PROMPT_SAMPLES` measurements is acted on at once,
 * closed whole (a start on the first estimate of the output clock, its stamps settling over the
 * first seconds, an underrun). The bound is half of "in sync" between two pages (2 ms): each
 * within it keeps the pair within it. The measurements do not jitter from one to the next: they
 * move in steps, when the output clock's envelope or the clock's offset moves. A gap held in a
 * few of them is a real move of the estimate; waiting for a full set (three seconds) and closing
 * three quarters of it is what kept two pages started together apart for ~11 s.
 */
export const PROMPT_MS = 1;
/** Measurements a prompt decision rests on (0.6 s): one stray one among them holds it back. */
const PROMPT_SAMPLES = 3;
/**
 * A nudge closes its gap over this long at least, within the ±2 % of any nudge: a 6 ms gap in
 * half a second is a 1.2 % change of speed, not heard as pitch, and half a second sooner in sync
 * than over a whole one.
 */
const NUDGE_OVER_S = 0.5;
const MAX_RATE_CHANGE = 0.02;

/**
 * A nudge that closes `gapMs` (positive: the music is ahead) over `NUDGE_OVER_S`, faster only
 * where that would take more than ±2 %. Not over the domain's three seconds: while a nudge is
 * heard no new one is decided, and a long one for a small gap (2.25 s for 1 ms) kept a page that
 * was still settling from mending the next gap it saw for that long.
 */
function closing(gapMs: number): DriftAction {
  const change = Math.min(MAX_RATE_CHANGE, Math.abs(gapMs) / 1000 / NUDGE_OVER_S);
  // At rate r the gap shrinks by |1 − r| seconds each second.
  return {
    kind: 'nudge',
    rate: gapMs > 0 ? 1 - change : 1 + change,
    durationS: Math.abs(gapMs) / 1000 / change,
  };
}

/** The action for a gap seen in every recent measurement, or null when there is none. */
export function promptAction(samplesMs: readonly number[]): DriftAction | null {
  if (samplesMs.length < PROMPT_SAMPLES) return null;
  const recent = samplesMs.slice(-PROMPT_SAMPLES);
  const ahead = recent.every((sample) => sample > PROMPT_MS);
  if (!ahead && !recent.every((sample) => sample < -PROMPT_MS)) return null;
  const driftMs = median(recent);
  if (driftCorrection(driftMs).kind === 'seek') return { kind: 'seek' };
  return closing(driftMs);
}

/** Whether the measured drift is small enough to show "in sync", given whether it did so far. */
export function isInSync(samplesMs: readonly number[], wasInSync = false): boolean {
  const bound = wasInSync ? Math.min(OUT_OF_SYNC_MS, DRIFT_SEEK_MS) : IN_SYNC_MS;
  return samplesMs.length > 0 && Math.abs(median(samplesMs)) <= bound;
}

/**
 * What the measurements so far say: the filtered drift; whether it is in sync once a few are in
 * (the state shows soon); what to do once a full set is in (a correction waits for it).
 */
export type DriftReading = {
  driftMs: number;
  inSync: boolean | null;
  action: DriftAction | null;
};

/** A nudge being heard: from context time `at`, `rate` until `endsAt`. */
type Nudge = { at: number; rate: number; endsAt: number };

/**
 * The measurements since the last correction. While a nudge is heard, each measurement is taken
 * as the gap that will be left once the nudge is over (what it has still to close is taken off),
 * and nothing is decided; the next decision comes as soon as it is over, on those measurements.
 * Waiting for new measurements after each nudge would leave a second between corrections in
 * which a page started on a first estimate of its output stays off.
 */
export class DriftControl {
  private samples: number[] = [];
  private nudge: Nudge | null = null;
  private inSync = false;

  /** A measurement, with the context time heard then. */
  add(driftMs: number, now: number): DriftReading {
    const nudge = this.nudge;
    const busy = nudge !== null && now < nudge.endsAt;
    // At rate r the gap moves by (r − 1) each second: what is still to come of the nudge.
    const left = nudge && busy ? (nudge.rate - 1) * (nudge.endsAt - Math.max(now, nudge.at)) : 0;
    this.samples = [...this.samples, driftMs + left * 1000].slice(-DRIFT_SAMPLES);
    const count = this.samples.length;
    if (count >= IN_SYNC_SAMPLES) this.inSync = isInSync(this.samples, this.inSync);
    const decide = () =>
      promptAction(this.samples) ?? (count >= DRIFT_SAMPLES ? driftAction(this.samples) : null);
    return {
      driftMs: median(this.samples),
      inSync: count >= IN_SYNC_SAMPLES ? this.inSync : null,
      action: busy ? null : decide(),
    };
  }

  /** A nudge was scheduled: from context time `at`, `rate` for `durationS`. */
  nudged(at: number, rate: number, durationS: number): void {
    this.nudge = { at, rate, endsAt: at + durationS };
    this.samples = [];
  }

  reset(): void {
    this.samples = [];
    this.nudge = null;
    this.inSync = false;
  }
}
