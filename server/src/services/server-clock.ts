/**
 * The server's timeline (design §4 Clock): epoch milliseconds with sub-millisecond precision
 * that never go back. `Date.now()` has whole milliseconds and jumps when the system clock is
 * set; the monotonic clock (`process.hrtime`, CLOCK_MONOTONIC on Linux: one clock for every
 * process of the machine) has nanoseconds but no epoch. Once per process, the monotonic clock
 * is pinned to the exact instant `Date.now()` turns to a new millisecond; from then on the time
 * is that millisecond plus the monotonic time elapsed. Two processes on one machine pin the
 * same clock to the same edges, so they agree to a fraction of a millisecond: what lets two
 * nodes behind one balancer give clients the same timeline. Clock probes (`clock:ping`) and the
 * instants of every playback command read this clock.
 */

export type ClockCalibration = {
  /** A monotonic instant (ns) … */
  baseNs: bigint;
  /** … and the epoch millisecond it is. */
  epochAtBaseMs: number;
  /** Half the window the millisecond edge was found in, in ms. */
  uncertaintyMs: number;
};

const NS_PER_MS = 1e6;

/**
 * Pins the monotonic clock to a millisecond edge of `Date.now()`: spins until the millisecond
 * changes; the edge lies between the last monotonic reading before a call that still saw the
 * old millisecond and the first after the call that saw the new one. The tightest of a few
 * edges wins (a thread preempted mid-spin gives a wide window). Costs a few milliseconds.
 */
export function calibrateClock(edges = 5): ClockCalibration {
  let best: ClockCalibration | null = null;
  for (let i = 0; i < edges; i += 1) {
    const found = millisecondEdge();
    if (!best || found.uncertaintyMs < best.uncertaintyMs) best = found;
  }
  return best!;
}

function millisecondEdge(): ClockCalibration {
  let beforeOld = process.hrtime.bigint();
  const old = Date.now();
  for (;;) {
    const before = process.hrtime.bigint();
    const now = Date.now();
    const after = process.hrtime.bigint();
    if (now !== old) {
      const windowNs = after - beforeOld;
      return {
        baseNs: beforeOld + windowNs / 2n,
        epochAtBaseMs: now,
        uncertaintyMs: Number(windowNs) / NS_PER_MS / 2,
      };
    }
    beforeOld = before;
  }
}

let calibration: ClockCalibration | null = null;

/** This process's calibration, made on first use. */
export function clockCalibration(): ClockCalibration {
  calibration ??= calibrateClock();
  return calibration;
}

/** The epoch millisecond a monotonic instant (`process.hrtime.bigint()`) is, on this timeline. */
export function epochOfMonotonic(ns: bigint): number {
  const { baseNs, epochAtBaseMs } = clockCalibration();
  return epochAtBaseMs + Number(ns - baseNs) / NS_PER_MS;
}

/** Now on the server timeline: epoch ms, fractional, never decreasing within the process. */
export function serverNow(): number {
  return epochOfMonotonic(process.hrtime.bigint());
}
