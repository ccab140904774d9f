import { PulseSmoother } from './pulse-smoother';
import { median } from './median';

/**
 * Where a PulseAudio output's music is, read from the measurements behind its stamps rather
 * than from the stamps themselves (`PulseSmoother` says why they differ). The stamps of such an
 * output are, to a few hundredths of a millisecond, the library's smoother fed with the sound
 * server's timing updates, which come on the library's timer: 10 ms after the stream starts,
 * then twice as long each time up to every 1.5 s. Once the stamps of a few seconds have shown
 * which start and which step of that timer they follow (`lock`), each update's measurement is
 * the one value that makes the smoother answer the stamps that follow it. The music's place is
 * the median of the recent measurements, carried along their common slope (the card's clock runs
 * a little fast or slow): one measurement made while the machine stalled (seen: 31 ms off) or a
 * first one that was off (seen: 6 ms) does not move it, where the stamps follow either for
 * seconds. Stamps that the smoother cannot explain (another sound system, an output that
 * stopped and started again) unlock it until they can be explained again.
 * Times in microseconds inside, the clock's units (page ms, mapping seconds) outside.
 */

type Stamp = { at: number; mapping: number };
type Measurement = { at: number; value: number; stamps: number };

/**
 * Chromium's PulseAudio output calls back every 85 ms (a 4096-frame buffer at 48 kHz), each
 * call with a stamp: the smoother has been checked against stamps that far apart, and is
 * followed only on outputs whose stamps are this far apart or more (the median of a lock's).
 */
const CALLBACK_GAP_US = 60_000;
/** Stamps of this long are fitted to find the timer (its doubling steps are over by then). */
const LOCK_SPAN_US = 2_600_000;
/** The stream's start is looked for this long before its first calm stamp. */
const START_BEFORE_US = 300_000;
const START_STEP_US = 10_000;
/** The timer's first interval is 10 ms × 2^step (the step it was on when the stream started). */
const TIMER_STEPS = 9;
const FIRST_INTERVAL_US = 10_000;
const LAST_INTERVAL_US = 1_500_000;
/** The library ignores updates this soon after the first. */
const SETTLE_US = 100_000;
/** The library's timer fires this much after its time at most (seen: up to 30 ms). */
const TIMER_SLACK_US = 30_000;
/** Where between two stamps an update is placed, at the least from either. */
const UPDATE_MARGIN_US = 5_000;
/** A fit whose stamps lie within this of the smoother (rms) is the smoother's. */
const FITS_US = 150;
/** A stamp this far from the smoother, inside an update's span, is not its. */
const MISFIT_US = 500;
/** An update's measurement counts once this many stamps have told it. */
const TOLD_STAMPS = 4;
/**
 * Most of the measurements lie this close to their median (seen: within 1 ms, but for one made
 * while the machine stalled, 31 ms off, and the first few of a stream started on a busy machine,
 * up to 35 ms).
 */
const AGREE_US = 2_000;
const AGREEING_SHARE = 0.6;
/** The measurements the place is taken from: the last dozen seconds of them. */
const RECENT = 8;
/** Measurements kept (the ones still telling among them). */
const KEPT_MEASUREMENTS = 2 * RECENT;
/** A slope is taken from this many measurements on, and no clock drifts more than the limit. */
const SLOPE_FROM = 5;
const SLOPE_LIMIT = 0.0006;
/** Newton's method: its steps at most, and the difference its slopes are read over (µs). */
const NEWTON_ROUNDS = 6;
const NEWTON_STEP_US = 100;
/** Stamps kept for a lock: LOCK_SPAN_US of them at one per 85 ms, and some. */
const MAX_STAMPS = 64;

/** The smoother's state through one stream's updates, and the stamps of the latest. */
type Track = {
  startAt: number;
  /** The smoother before the latest update, and after it. */
  before: PulseSmoother;
  after: PulseSmoother;
  segment: Stamp[];
  nextAt: number;
  interval: number;
  measurements: Measurement[];
  /** Squared misfits of the stamps taken so far, while fitting. */
  squares: number;
};

export class SmootherFollower {
  private stamps: Stamp[] = [];
  private track: Track | null = null;

  /** Adds one output stamp: its page time (ms) and mapping (context minus page seconds). */
  add(atMs: number, mappingS: number): void {
    const stamp = { at: atMs * 1000, mapping: mappingS * 1e6 };
    if (this.track) {
      if (follow(this.track, stamp) <= MISFIT_US) return;
      this.track = null;
    }
    this.stamps = [...this.stamps, stamp].slice(-MAX_STAMPS);
    if (stamp.at - this.stamps[0]!.at >= LOCK_SPAN_US) this.lock();
  }

  /** The music's mapping (seconds) at page time `atMs`, or null while unlocked or unsure. */
  mapping(atMs: number): number | null {
    const told = this.track?.measurements.filter((m) => m.stamps >= TOLD_STAMPS) ?? [];
    const recent = told.slice(-RECENT);
    const at = atMs * 1000;
    const slope = recent.length >= SLOPE_FROM ? slopeOf(recent) : 0;
    const places = recent.map((m) => m.value + slope * (at - m.at));
    const middle = median(places);
    // Measurements agree within a millisecond or two; a fit whose do not is not the smoother's.
    const agreeing = places.filter((place) => Math.abs(place - middle) <= AGREE_US);
    if (agreeing.length < Math.max(3, recent.length * AGREEING_SHARE)) return null;
    return median(agreeing) / 1e6;
  }

  /** Whether the stamps are explained by the smoother now. */
  get locked(): boolean {
    return this.track !== null;
  }

  /** Forgets the stamps and the track (the output's stamps start afresh). */
  reset(): void {
    this.stamps = [];
    this.track = null;
  }

  /**
   * Finds the stream's start and timer step that explain the stamps kept. When none does, they
   * are dropped: the next try comes once as many new ones are in, so that a browser whose stamps
   * are not the smoother's spends little on trying.
   */
  private lock(): void {
    const gaps = this.stamps.slice(1).map((stamp, i) => stamp.at - this.stamps[i]!.at);
    // Stamps that come more often are another output's (or a buffer this has not been seen on).
    if (median(gaps) < CALLBACK_GAP_US) {
      this.stamps = [];
      return;
    }
    const first = this.stamps[0]!.at;
    let best: Track | null = null;
    for (let start = first - START_BEFORE_US; start <= first; start += START_STEP_US) {
      for (let step = 0; step < TIMER_STEPS; step += 1) {
        const track = fitFrom(this.stamps, start, step, best?.squares ?? Infinity);
        if (track) best = track;
      }
    }
    if (best && Math.sqrt(best.squares / this.stamps.length) <= FITS_US) this.track = best;
    this.stamps = [];
  }
}

const errorOf = (smoother: PulseSmoother, stamp: Stamp) =>
  smoother.get(stamp.at) - stamp.mapping - stamp.at;

/**
 * The measurement at `at` that best explains `stamps` after `smoother` (least squares, by
 * Newton's method from `guess`), and the state then. The smoother answers almost linearly in
 * it; once its rate has converged, the library weighs a measurement by how far it lies from the
 * prediction, which a few more steps take care of.
 */
function solve(smoother: PulseSmoother, at: number, stamps: readonly Stamp[], guess: number) {
  const fed = (value: number) => {
    const next = smoother.clone();
    next.put(at, value + at);
    return next;
  };
  let value = guess;
  for (let round = 0; round < NEWTON_ROUNDS; round += 1) {
    const [low, high] = [fed(value), fed(value + NEWTON_STEP_US)];
    let num = 0;
    let den = 0;
    for (const stamp of stamps) {
      const error = errorOf(low, stamp);
      const slope = (errorOf(high, stamp) - error) / NEWTON_STEP_US;
      num += slope * error;
      den += slope * slope;
    }
    if (den < 1e-12) break;
    const change = num / den;
    value -= change;
    if (Math.abs(change) < 1) break;
  }
  return { value, after: fed(value) };
}

/**
 * The smoother's track over `stamps` for a stream started at `start` on timer step `step`, or
 * null once its squared misfits pass `bound` (a better start is known already).
 */
function fitFrom(stamps: readonly Stamp[], start: number, step: number, bound: number) {
  const empty = new PulseSmoother();
  const track: Track = {
    startAt: start,
    before: empty,
    after: empty,
    segment: [],
    nextAt: start + FIRST_INTERVAL_US * 2 ** step,
    interval: Math.min(LAST_INTERVAL_US, FIRST_INTERVAL_US * 2 ** (step + 1)),
    measurements: [{ at: start, value: 0, stamps: 0 }],
    squares: 0,
  };
  for (const stamp of stamps) {
    const error = follow(track, stamp, true);
    track.squares += error * error;
    if (track.squares > bound) return null;
  }
  return track;
}

/**
 * Takes one stamp into a track: it belongs to the latest update until the next is due, then to
 * the next. Answers how far the smoother then lies from it (µs).
 */
function follow(track: Track, stamp: Stamp, fitting = false): number {
  while (stamp.at >= track.nextAt && track.nextAt < track.startAt + SETTLE_US) skipUpdate(track);
  if (stamp.at >= track.nextAt && startsUpdate(track, stamp)) nextUpdate(track, stamp);
  else track.segment.push(stamp);
  const error = settle(track, stamp);
  if (fitting || error <= MISFIT_US || track.segment.length < 2) return error;
  // An update that came off its time: late (its answer delayed while the machine stalled), so
  // that the stamps before this one still follow the state before it; or early (the timer's
  // steps add up to more than they were taken for), so that they follow the latest state.
  const earlier = track.segment.slice(0, -1);
  const follows = (state: PulseSmoother) =>
    earlier.every((point) => Math.abs(errorOf(state, point)) <= FITS_US);
  if (follows(track.before)) lateUpdate(track, stamp);
  else if (follows(track.after)) earlyUpdate(track, stamp);
  else return error;
  return settle(track, stamp);
}

/** Solves the latest update's measurement from its stamps; answers the misfit of `stamp`. */
function settle(track: Track, stamp: Stamp): number {
  const latest = track.measurements.at(-1)!;
  // Measurements agree: the one before is where to start looking.
  const guess = track.measurements.at(-2)?.value ?? track.segment[0]!.mapping;
  const { value, after } = solve(track.before, latest.at, track.segment, guess);
  Object.assign(latest, { value, stamps: track.segment.length });
  track.after = after;
  return Math.abs(errorOf(after, stamp));
}

/** An update came just before `stamp`, before its time: the timer goes on from it. */
function earlyUpdate(track: Track, stamp: Stamp): void {
  track.segment.pop();
  settle(track, track.segment.at(-1)!);
  track.nextAt = track.segment.at(-1)!.at;
  nextUpdate(track, stamp);
}

/** The latest update came just before `stamp`: the stamps before it are the state before's. */
function lateUpdate(track: Track, stamp: Stamp): void {
  const previous = track.segment.at(-2)!.at;
  const latest = track.measurements.at(-1)!;
  latest.at = between(previous, stamp.at);
  track.segment = [stamp];
}

/** An update the library ignores (too soon after the first): only its timer goes on. */
function skipUpdate(track: Track): void {
  track.nextAt += track.interval;
  track.interval = Math.min(LAST_INTERVAL_US, track.interval * 2);
}

/**
 * Whether a stamp past the time of the next update comes after it: it does not fit the latest
 * state, or the timer's slack is over. (Updates come a little late; stamps just after their
 * time still fit the state before them.)
 */
function startsUpdate(track: Track, stamp: Stamp): boolean {
  if (stamp.at >= track.nextAt + TIMER_SLACK_US) return true;
  return Math.abs(errorOf(track.after, stamp)) > FITS_US;
}

/** A time between two stamps, near the first (an update comes on its timer, a little late). */
const between = (previous: number, next: number) =>
  Math.max(previous + 1, Math.min(next - UPDATE_MARGIN_US, previous + UPDATE_MARGIN_US));

/**
 * Starts the next update with `stamp`: at its timer's time, or between the stamp before and this
 * one when that time does not fall between them.
 */
function nextUpdate(track: Track, stamp: Stamp): void {
  const previous = track.segment.at(-1)?.at ?? track.measurements.at(-1)!.at;
  const at = Math.max(Math.min(track.nextAt, stamp.at - 1), between(previous, stamp.at));
  track.before = track.after;
  track.segment = [stamp];
  track.measurements = [...track.measurements, { at, value: stamp.mapping, stamps: 0 }].slice(
    -KEPT_MEASUREMENTS,
  );
  track.nextAt = at + track.interval;
  track.interval = Math.min(LAST_INTERVAL_US, track.interval * 2);
}

/** The median slope between every two measurements, within what a clock can drift. */
function slopeOf(measurements: readonly Measurement[]): number {
  const slopes: number[] = [];
  measurements.forEach((a, i) =>
    measurements.slice(i + 1).forEach((b) => slopes.push((b.value - a.value) / (b.at - a.at))),
  );
  return Math.max(-SLOPE_LIMIT, Math.min(SLOPE_LIMIT, median(slopes)));
}
