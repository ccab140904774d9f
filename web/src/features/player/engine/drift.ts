import { DRIFT_SEEK_MS, driftCorrection } from '@music-rooms/domain/playback';
import { median } from './median';

/**
 * What to do about the gap between what is heard and where the room is (design §4): the
 * domain's `driftCorrection` decides between nothing, a rate nudge and a seek; here it is applied
 * to the median of a couple of seconds of measurements, so that the jitter of single readings
 * (the output stamps, the clock's probes) never moves the music: a nudge moves it for real, and
 * a nudge chasing noise is what makes two speakers wander apart.
 */

/** Measurements a decision rests on (one each engine tick, so about three seconds). */
export const DRIFT_SAMPLES = 15;
/** Measurements enough to say "in sync" (a second), or to act on a large gap. */
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
  /**
   * Play at `rate` for `durationS` of context time, then at 1 again: the gap measured
   * (`fromMs`) closes.
   */
  | { kind: 'nudge'; rate: number; durationS: number; fromMs: number };

/** A nudge as it is heard: from context time `at`. */
export type HeardNudge = { at: number; rate: number; durationS: number; fromMs: number };

/** The gap a nudge leaves at context time `now`, had nothing else moved the music meanwhile. */
export function gapLeftAt(nudge: HeardNudge, now: number): number {
  const heardFor = Math.min(Math.max(now - nudge.at, 0), nudge.durationS);
  return nudge.fromMs + (nudge.rate - 1) * heardFor * 1000;
}

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
    durationS: (GAIN * Math.abs(driftMs)) / 1000 / Math.abs(1 - correction.rate),
    fromMs: driftMs,
  };
}

/**
 * A gap beyond this in every one of the last `IN_SYNC_SAMPLES` measurements is acted on at
 * once (a start on the first estimate of the output clock, an underrun): waiting for a full set
 * would leave it audible for seconds, and measurement noise is far smaller.
 */
export const PROMPT_MS = 3;
/**
 * A prompt nudge closes the whole gap (far larger than the noise of the measurements), over this
 * long at least (within the ±2 % of any nudge).
 */
const PROMPT_OVER_S = 1;
const MAX_RATE_CHANGE = 0.02;

/**
 * Measurements enough to act on a gap that came with a move of the output clock's mapping (the
 * output moved, or its timing was found): the move says the gap is real, so it is closed after
 * these rather than `IN_SYNC_SAMPLES` (seen: a 22.8 ms move of a playing output at a join,
 * mended only 1.8 s after the output clock had taken it).
 */
const MOVED_SAMPLES = 2;

/** Whether every one of `samplesMs` lies beyond `PROMPT_MS`, all on the same side. */
function beyondPrompt(samplesMs: readonly number[]): boolean {
  return (
    samplesMs.every((sample) => sample > PROMPT_MS) ||
    samplesMs.every((sample) => sample < -PROMPT_MS)
  );
}

/**
 * The action for a gap seen in every one of the last `count` measurements, or null when there is
 * none.
 */
export function promptAction(
  samplesMs: readonly number[],
  count = IN_SYNC_SAMPLES,
): DriftAction | null {
  if (samplesMs.length < count) return null;
  const recent = samplesMs.slice(-count);
  return beyondPrompt(recent) ? promptCorrection(median(recent)) : null;
}

/** How a gap known to be real is closed: all of it, soon (`PROMPT_OVER_S`), or by a seek. */
function promptCorrection(driftMs: number): DriftAction {
  if (driftCorrection(driftMs).kind === 'seek') return { kind: 'seek' };
  const change = Math.min(MAX_RATE_CHANGE, Math.abs(driftMs) / 1000 / PROMPT_OVER_S);
  return {
    kind: 'nudge',
    rate: driftMs > 0 ? 1 - change : 1 + change,
    durationS: Math.abs(driftMs) / 1000 / change,
    fromMs: driftMs,
  };
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

/**
 * The measurements since the last correction. While a nudge is heard the gap is closing, so a
 * measurement is compared with what the nudge leaves (`gapLeftAt`) and not acted on, unless the
 * music moved besides (`whileNudged`); after the nudge, a full new set is gathered before the
 * next decision, so a correction never rests on readings taken before the one before it took
 * effect.
 */
export class DriftControl {
  private samples: number[] = [];
  private nudge: HeardNudge | null = null;
  private inSync = false;
  /** Measurements since the output clock's mapping moved (`outputMoved`), until acted on. */
  private sinceMove: number | null = null;
  /**
   * What the measurements while a nudge is heard show beyond the gap it leaves, since it began or
   * the output last moved.
   */
  private whileNudgedSamples: number[] = [];
  /** The context time of the last measurement. */
  private measuredAt = 0;

  /**
   * A measurement, with the context time heard then: null while a nudge is heard, unless the
   * music moved besides (`whileNudged`).
   */
  add(driftMs: number, now: number): DriftReading | null {
    this.measuredAt = now;
    if (this.nudge && now < this.nudge.at + this.nudge.durationS) {
      return this.whileNudged(driftMs, now, this.nudge);
    }
    this.nudge = null;
    this.samples = [...this.samples, driftMs].slice(-DRIFT_SAMPLES);
    const count = this.samples.length;
    if (count >= IN_SYNC_SAMPLES) this.inSync = isInSync(this.samples, this.inSync);
    // Counted with every measurement, whichever action wins.
    const afterMove = this.afterMove();
    return {
      driftMs: median(this.samples),
      inSync: count >= IN_SYNC_SAMPLES ? this.inSync : null,
      action:
        afterMove ??
        promptAction(this.samples) ??
        (count >= DRIFT_SAMPLES ? driftAction(this.samples) : null),
    };
  }

  /**
   * While a nudge is heard, the music can be moved besides: the output falls behind (seen: 47 ms
   * in one step, and 196 ms, when another page opened its output on the same machine), and a
   * nudge lasts two seconds and more (it closes a small gap at a small rate, and a playing page
   * is nudged most of the time), after which a new set of measurements came before the gap was
   * acted on (the music was 47 ms late for 2.7 s, 192 ms for 4 s). A gap beyond what the nudge
   * leaves, in the whole last second of measurements or in the two since the output moved, is
   * acted on as a prompt gap is, in place of the nudge.
   */
  private whileNudged(driftMs: number, now: number, nudge: HeardNudge): DriftReading | null {
    const unexpectedMs = driftMs - gapLeftAt(nudge, now);
    this.whileNudgedSamples = [...this.whileNudgedSamples, unexpectedMs].slice(-IN_SYNC_SAMPLES);
    const count = this.sinceMove === null ? IN_SYNC_SAMPLES : MOVED_SAMPLES;
    const recent = this.whileNudgedSamples.slice(-count);
    if (recent.length < count || !beyondPrompt(recent)) return null;
    // The measurements move as the nudge is heard; what it does not account for holds still.
    const gapMs = gapLeftAt(nudge, now) + median(recent);
    const action: DriftAction =
      Math.abs(gapMs) > PROMPT_MS
        ? promptCorrection(gapMs)
        : { kind: 'nudge', rate: 1, durationS: 0, fromMs: gapMs };
    return { driftMs: gapMs, inSync: false, action };
  }

  /** The output clock's mapping moved at once: a gap it made is acted on sooner (`MOVED_SAMPLES`). */
  outputMoved(): void {
    this.sinceMove = 0;
    this.whileNudgedSamples = [];
  }

  /** Once `MOVED_SAMPLES` have come since a move, the action for a gap all of them show. */
  private afterMove(): DriftAction | null {
    if (this.sinceMove === null) return null;
    this.sinceMove += 1;
    if (this.sinceMove < MOVED_SAMPLES) return null;
    this.sinceMove = null;
    return promptAction(this.samples, MOVED_SAMPLES);
  }

  /**
   * A nudge was scheduled: measuring for the next decision starts again after it. One that
   * replaces a nudge still heard comes in later than the gap it closes was measured, and the
   * one it replaces goes on until then.
   */
  nudged(nudge: HeardNudge): void {
    const replaced = this.nudge;
    const goesOnMs = replaced
      ? gapLeftAt(replaced, nudge.at) - gapLeftAt(replaced, this.measuredAt)
      : 0;
    this.nudge = { ...nudge, fromMs: nudge.fromMs + goesOnMs };
    this.samples = [];
    this.sinceMove = null;
    this.whileNudgedSamples = [];
  }

  reset(): void {
    this.samples = [];
    this.nudge = null;
    this.inSync = false;
    this.sinceMove = null;
    this.whileNudgedSamples = [];
  }
}
