import { describe, expect, it } from 'vitest';
import { ClockSync, sampleOf, type ClockProbe } from '../src/clock';

/**
 * A simulated probe: the server clock is `offset` ahead of the client's; the request takes
 * `up` ms and the answer `down` ms; the server answers after `hold` ms.
 */
function probe(at: number, offset: number, up: number, down: number, hold = 0.2): ClockProbe {
  const serverReceivedAt = at + up + offset;
  return {
    clientSentAt: at,
    serverReceivedAt,
    serverSentAt: serverReceivedAt + hold,
    clientReceivedAt: at + up + hold + down,
  };
}

/** A seeded pseudo-random sequence, so the jitter is the same on every run. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('one probe', () => {
  it('gives the offset exactly when both ways take as long', () => {
    const sample = sampleOf(probe(1000, 250, 20, 20));
    expect(sample.offsetMs).toBeCloseTo(250, 6);
    expect(sample.rttMs).toBeCloseTo(40, 6);
  });

  it('is off by half the asymmetry, never more than half the round trip', () => {
    const sample = sampleOf(probe(1000, -80, 30, 10));
    expect(sample.offsetMs).toBeCloseTo(-80 + 10, 6);
    expect(Math.abs(sample.offsetMs - -80)).toBeLessThanOrEqual(sample.rttMs / 2);
  });
});

describe('the estimate', () => {
  it('rests on the fastest probes, so delayed ones do not move it', () => {
    const sync = new ClockSync();
    const next = random(7);
    for (let i = 0; i < 30; i += 1) {
      // 2 ms base each way, plus jitter; one probe in five stalls for up to 300 ms on one side.
      const stall = i % 5 === 0 ? next() * 300 : 0;
      sync.add(sampleOf(probe(i * 1000, 1234.5, 2 + next() * 3 + stall, 2 + next() * 3)));
    }
    const estimate = sync.estimate()!;
    expect(Math.abs(estimate.offsetMs - 1234.5)).toBeLessThan(1.5);
    expect(estimate.rttMs).toBeLessThan(8);
    expect(estimate.errorBoundMs).toBeLessThanOrEqual(estimate.rttMs / 2);
    expect(Math.abs(estimate.offsetMs - 1234.5)).toBeLessThanOrEqual(estimate.errorBoundMs);
  });

  it('takes the quickest way there and the quickest way back from different probes', () => {
    const sync = new ClockSync();
    // Each probe is quick one way only: alone, each is off by half its lopsidedness (7.5, 9 ms).
    sync.add(sampleOf(probe(0, 42, 30, 45)));
    sync.add(sampleOf(probe(1000, 42, 48, 30)));
    const estimate = sync.estimate()!;
    expect(estimate.offsetMs).toBeCloseTo(42, 6);
    expect(estimate.errorBoundMs).toBeCloseTo(30, 6);
  });

  it('keeps its error under half the best round trip through a 40 ± 10 ms link', () => {
    const sync = new ClockSync();
    const next = random(11);
    for (let i = 0; i < 40; i += 1) {
      sync.add(sampleOf(probe(i * 500, -5000, 30 + next() * 20, 30 + next() * 20)));
    }
    const estimate = sync.estimate()!;
    expect(Math.abs(estimate.offsetMs - -5000)).toBeLessThanOrEqual(estimate.errorBoundMs);
    expect(Math.abs(estimate.offsetMs - -5000)).toBeLessThan(6);
  });

  /** The 95th percentile of the errors of 200 listeners, each after `probes` through the link. */
  function errorThroughJitteryLink(probes: number): number {
    const errors: number[] = [];
    for (let seed = 1; seed <= 200; seed += 1) {
      const sync = new ClockSync();
      const next = random(seed);
      for (let i = 0; i < probes; i += 1) {
        sync.add(sampleOf(probe(i * 300, 321, 30 + next() * 20, 30 + next() * 20)));
      }
      errors.push(Math.abs(sync.estimate()!.offsetMs - 321));
    }
    errors.sort((a, b) => a - b);
    return errors[Math.floor(errors.length * 0.95)]!;
  }

  it('takes out most of the jitter of a 40 ± 10 ms link within 20 probes, nearly all within 60', () => {
    // The fastest probe (or the mean of the three fastest) alone leaves about 3 ms; the mean
    // of all weighed by round trip, 1.6 and 0.9 ms.
    expect(errorThroughJitteryLink(20)).toBeLessThan(1.4);
    expect(errorThroughJitteryLink(60)).toBeLessThan(0.7);
  });

  it('lets probes slowed while the page loaded count for nothing once quick ones come', () => {
    const sync = new ClockSync();
    // Eight probes held 3 ms on their way back (a busy page), then three quick ones.
    for (let i = 0; i < 8; i += 1) sync.add(sampleOf(probe(i * 40, 500, 0.4, 3.4)));
    for (let i = 0; i < 3; i += 1) sync.add(sampleOf(probe(1000 + i * 40, 500, 0.4, 0.4)));
    expect(Math.abs(sync.estimate()!.offsetMs - 500)).toBeLessThan(0.1);
  });

  it('ignores a lone outlier but follows a clock that stepped', () => {
    const sync = new ClockSync();
    for (let i = 0; i < 10; i += 1) sync.add(sampleOf(probe(i * 1000, 100, 3, 3)));
    sync.add(sampleOf(probe(10_000, 900, 3, 3)));
    expect(sync.estimate()!.offsetMs).toBeCloseTo(100, 3);
    for (let i = 11; i < 14; i += 1) sync.add(sampleOf(probe(i * 1000, 900, 4, 4)));
    expect(sync.estimate()!.offsetMs).toBeCloseTo(900, 3);
  });

  it('forgets old samples, so it follows a drifting clock', () => {
    const sync = new ClockSync({ windowMs: 10_000 });
    // The client's clock runs 200 ppm slow: 0.2 ms a second of growing offset.
    for (let i = 0; i <= 60; i += 1) sync.add(sampleOf(probe(i * 1000, 50 + i * 0.2, 3, 3)));
    expect(sync.estimate()!.offsetMs).toBeGreaterThan(50 + 50 * 0.2);
    expect(sync.serverNow(100_000)).toBeCloseTo(100_000 + sync.estimate()!.offsetMs, 6);
  });

  it('knows nothing before the first probe, and after a reset', () => {
    const sync = new ClockSync();
    expect(sync.estimate()).toBeNull();
    expect(sync.serverNow(5)).toBeNull();
    sync.add(sampleOf(probe(0, 10, 1, 1)));
    sync.reset();
    expect(sync.estimate()).toBeNull();
  });

  it('tells whether a sample still counts: not once it aged out or went with a step', () => {
    const sync = new ClockSync({ windowMs: 10_000 });
    const first = sampleOf(probe(0, 100, 3, 3));
    sync.add(first);
    expect(sync.holds(first)).toBe(true);
    sync.add(sampleOf(probe(20_000, 100, 3, 3)));
    expect(sync.holds(first)).toBe(false);
    const kept = sampleOf(probe(21_000, 100, 3, 3));
    sync.add(kept);
    for (let i = 22; i < 25; i += 1) sync.add(sampleOf(probe(i * 1000, 900, 4, 4)));
    expect(sync.holds(kept)).toBe(false);
  });
});
