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
  /** The most the offset can be off by: half the round trip of the sample it rests on. */
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
  /** How many of the lowest round trips are averaged (the lowest alone is the most exact). */
  best?: number;
  /** Consecutive samples that disagree with the estimate beyond their error before it resets. */
  stepAfter?: number;
};

/**
 * Keeps recent samples and answers the offset of the ones with the lowest round trips: a probe
 * delayed on the way (a busy network, a stalled tab) has a long round trip and is outvoted.
 * When the client's clock steps (a tab woke, the clock was set), consecutive new samples all
 * disagree with the old ones; the window then restarts from them.
 */
export class ClockSync {
  private samples: ClockSample[] = [];
  private disagreeing: ClockSample[] = [];
  private readonly windowMs: number;
  private readonly maxSamples: number;
  private readonly best: number;
  private readonly stepAfter: number;

  constructor(options: ClockSyncOptions = {}) {
    this.windowMs = options.windowMs ?? 120_000;
    this.maxSamples = options.maxSamples ?? 64;
    this.best = options.best ?? 3;
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
    const fastest = [...this.samples].sort((a, b) => a.rttMs - b.rttMs).slice(0, this.best);
    const bestRtt = fastest[0]!.rttMs;
    // Samples much slower than the best one carry more asymmetry than information.
    const close = fastest.filter((s) => s.rttMs <= bestRtt * 1.5 + 1);
    const offsetMs = close.reduce((sum, s) => sum + s.offsetMs, 0) / close.length;
    return { offsetMs, rttMs: bestRtt, errorBoundMs: bestRtt / 2, samples: this.samples.length };
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
