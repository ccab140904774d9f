/**
 * Which AudioContext time is heard at a moment of the page's clock (`performance.now()`).
 * `getOutputTimestamp()` answers it exactly (the context time of the sample leaving the
 * speakers, and when), but only once it has settled, a few seconds after the context starts;
 * before that the reported latencies stand in (`outputLatency` reads only in 8 ms steps).
 */

/** What the context reports at one reading; times in seconds, except the `performance` ones (ms). */
export type OutputReading = {
  /** getOutputTimestamp().contextTime and .performanceTime (zero while it has no answer). */
  stampContextTime: number;
  stampPerformanceTime: number;
  currentTime: number;
  /** performance.now() when currentTime was read. */
  readAt: number;
  /** baseLatency + outputLatency. */
  latency: number;
};

/** Readings kept; the mapping is the median of the newest of them. */
const KEPT = 8;
const MEDIAN_OF = 5;
/** Settled: the stamps agree within this over at least this long. */
const SETTLED_SPREAD_S = 0.0015;
const SETTLED_SPAN_MS = 1000;

/** Context seconds minus performance seconds at the output: heard(t) = mapping + t / 1000. */
export function stampMapping(reading: OutputReading): number | null {
  if (reading.stampContextTime <= 0 || reading.stampPerformanceTime <= 0) return null;
  return reading.stampContextTime - reading.stampPerformanceTime / 1000;
}

/** The same from currentTime and the latencies, for before the stamps settle. */
export function latencyMapping(reading: OutputReading): number {
  return reading.currentTime - reading.readAt / 1000 - reading.latency;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type Stamp = { mapping: number; at: number };

/** Whether the newest stamps agree closely over long enough to be trusted. */
export function hasSettled(stamps: readonly Stamp[]): boolean {
  const recent = stamps.slice(-MEDIAN_OF);
  if (recent.length < MEDIAN_OF) return false;
  const mappings = recent.map((stamp) => stamp.mapping);
  const span = recent[recent.length - 1]!.at - recent[0]!.at;
  return (
    span >= SETTLED_SPAN_MS && Math.max(...mappings) - Math.min(...mappings) < SETTLED_SPREAD_S
  );
}

/**
 * Follows the readings of one context and answers the heard context time of any page instant.
 * Once the stamps have settled they are used from then on (a later glitch moves the music for
 * real, and the drift correction follows it).
 */
export class OutputClock {
  private stamps: Stamp[] = [];
  private fallback: number | null = null;
  private settled = false;

  /** Adds one reading. */
  add(reading: OutputReading): void {
    this.fallback = latencyMapping(reading);
    const mapping = stampMapping(reading);
    if (mapping === null) return;
    this.stamps = [...this.stamps, { mapping, at: reading.stampPerformanceTime }].slice(-KEPT);
    if (!this.settled) this.settled = hasSettled(this.stamps);
  }

  get usesStamps(): boolean {
    return this.settled;
  }

  /** Context seconds minus performance seconds, or null before the first reading. */
  mapping(): number | null {
    if (this.settled) return median(this.stamps.slice(-MEDIAN_OF).map((stamp) => stamp.mapping));
    return this.fallback;
  }

  /** The context time heard at page time `at` (ms), or null before the first reading. */
  heardTimeAt(at: number): number | null {
    const mapping = this.mapping();
    return mapping === null ? null : mapping + at / 1000;
  }

  /** The page time (ms) at which context time `t` is heard. */
  pageTimeOf(t: number): number | null {
    const mapping = this.mapping();
    return mapping === null ? null : (t - mapping) * 1000;
  }

  reset(): void {
    this.stamps = [];
    this.fallback = null;
    this.settled = false;
  }
}

/** One reading of a live context. */
export function readOutput(context: AudioContext, now: () => number): OutputReading {
  const stamp = context.getOutputTimestamp();
  return {
    stampContextTime: stamp.contextTime ?? 0,
    stampPerformanceTime: stamp.performanceTime ?? 0,
    currentTime: context.currentTime,
    readAt: now(),
    latency: (context.baseLatency || 0) + (context.outputLatency || 0),
  };
}
