/**
 * The server's clock as a client estimates it, NTP-style: the client stamps a probe when it
 * leaves (t0) and when the answer arrives (t3); the server stamps when it received the probe
 * (t1) and when it answered (t2). Pure math, no timers: the web's clock drives it and the unit
 * tests feed it asymmetric, jittery, stepped samples.
 */

/** One probe's four stamps, in milliseconds (client stamps on its monotonic clock). */
export type ClockProbe = {
  clientSentAt: number;
  serverReceivedAt: number;
  serverSentAt: number;
  clientReceivedAt: number;
};

/** What one probe says: the server clock minus the client clock, and the network round trip. */
export type ClockSample = {
  offsetMs: number;
  rttMs: number;
  /** When the answer arrived, on the client's clock (samples age out). */
  at: number;
};

export type ClockEstimate = {
  offsetMs: number;
  rttMs: number;
  /**
   * The most the offset can be off by: each sample is off by at most half its round trip, and
   * the estimate by at most those halves, weighed as the samples are.
   */
  errorBoundMs: number;
  samples: number;
};

export function sampleOf(probe: ClockProbe): ClockSample {
  const { clientSentAt: t0, serverReceivedAt: t1, serverSentAt: t2, clientReceivedAt: t3 } = probe;
  return {
    offsetMs: (t1 - t0 + (t2 - t3)) / 2,
    rttMs: Math.max(0, t3 - t0 - (t2 - t1)),
    at: t3,
  };
}

export type ClockSyncOptions = {
  /** Samples older than this are forgotten, so the estimate follows a clock that drifts. */
  windowMs?: number;
  /** At most this many samples are kept. */
  maxSamples?: number;
  /** Consecutive samples that disagree with the estimate beyond their error before it resets. */
  stepAfter?: number;
};

/** The least softness of the weights, for round trips of a fraction of a millisecond. */
const MIN_SOFTNESS_MS = 0.1;
/** The softness of the weights, as a share of the best round trip. */
const SOFTNESS_SHARE = 0.1;

/**
 * How much a sample counts: less the further its round trip is above the best one. A sample's
 * offset is off by half the difference of its two legs, at most half its round trip; the delay
 * beyond the best round trip is what one leg or the other was held. The lowest round trip alone
 * still carries up to half its own jitter (through a line of 40 ± 10 ms each way: errors of 3 ms
 * at the 95th percentile after 20 probes); weighing every sample by the inverse square of its
 * extra delay (softened by a tenth of the best round trip) lets the many nearly-as-quick ones
 * average that out (1.7 ms), while one delayed by a stalled tab counts for next to nothing.
 */
function weightOf(rttMs: number, bestRttMs: number): number {
  const softness = Math.max(MIN_SOFTNESS_MS, bestRttMs * SOFTNESS_SHARE);
  return 1 / (rttMs - bestRttMs + softness) ** 2;
}

/**
 * Keeps recent samples and answers their offset weighed by round trip: a probe delayed on the
 * way (a busy network, a stalled tab) has a long round trip and is outvoted.
 * When the client's clock steps (a tab woke, the clock was set), consecutive new samples all
 * disagree with the old ones; the window then restarts from them.
 */
export class ClockSync {
  private samples: ClockSample[] = [];
  private disagreeing: ClockSample[] = [];
  private readonly windowMs: number;
  private readonly maxSamples: number;
  private readonly stepAfter: number;

  constructor(options: ClockSyncOptions = {}) {
    this.windowMs = options.windowMs ?? 120_000;
    this.maxSamples = options.maxSamples ?? 64;
    this.stepAfter = options.stepAfter ?? 3;
  }

  add(sample: ClockSample): void {
    const current = this.estimate();
    if (current && this.disagrees(sample, current)) {
      this.disagreeing.push(sample);
      if (this.disagreeing.length < this.stepAfter) return;
      this.samples = this.disagreeing;
    } else {
      this.samples.push(sample);
    }
    this.disagreeing = [];
    this.forgetOld(sample.at);
  }

  /** Forgets everything (after a reconnect to another node, say). */
  reset(): void {
    this.samples = [];
    this.disagreeing = [];
  }

  estimate(): ClockEstimate | null {
    if (this.samples.length === 0) return null;
    const bestRtt = Math.min(...this.samples.map((s) => s.rttMs));
    let weights = 0;
    let offsets = 0;
    let halfRtts = 0;
    for (const sample of this.samples) {
      const weight = weightOf(sample.rttMs, bestRtt);
      weights += weight;
      offsets += weight * sample.offsetMs;
      halfRtts += (weight * sample.rttMs) / 2;
    }
    return {
      offsetMs: offsets / weights,
      rttMs: bestRtt,
      errorBoundMs: halfRtts / weights,
      samples: this.samples.length,
    };
  }

  /** The server's time now, from the client's clock; null before the first sample. */
  serverNow(clientNow: number): number | null {
    const estimate = this.estimate();
    return estimate ? clientNow + estimate.offsetMs : null;
  }

  private disagrees(sample: ClockSample, current: ClockEstimate): boolean {
    // Beyond what either side's round trip can explain, with a floor for timer jitter.
    const tolerance = Math.max(5, (sample.rttMs + current.rttMs) / 2 + current.errorBoundMs);
    return Math.abs(sample.offsetMs - current.offsetMs) > tolerance;
  }

  private forgetOld(now: number): void {
    this.samples = this.samples.filter((s) => now - s.at <= this.windowMs).slice(-this.maxSamples);
  }
}
