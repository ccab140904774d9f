import { describe, expect, it } from 'vitest';
import {
  OutputClock,
  hasSettled,
  latencyMapping,
  type OutputReading,
} from '../src/features/player/engine/output-clock';

/**
 * A context whose output is heard 42 ms after it is rendered: at page time `at` (ms), the
 * context's clock reads `at / 1000 − 0.1`, and the speakers play what it read 42 ms earlier.
 */
function reading(at: number, stampSettled = true, jitterS = 0): OutputReading {
  const currentTime = at / 1000 - 0.1;
  return {
    stampContextTime: stampSettled ? currentTime - 0.042 + jitterS : 0,
    stampPerformanceTime: stampSettled ? at : 0,
    currentTime,
    readAt: at,
    latency: 0.04,
  };
}

describe('the output clock (which context time is heard when)', () => {
  it('uses the reported latencies before the output stamps settle', () => {
    const clock = new OutputClock();
    clock.add(reading(100, false));
    expect(clock.usesStamps).toBe(false);
    expect(clock.heardTimeAt(1000)).toBeCloseTo(latencyMapping(reading(100)) + 1, 9);
    expect(clock.heardTimeAt(1000)).toBeCloseTo(1 - 0.1 - 0.04, 9);
  });

  it('switches to the output stamps once they agree for a second, heard 42 ms late', () => {
    const clock = new OutputClock();
    for (let at = 0; at <= 1200; at += 250) clock.add(reading(at + 1000));
    expect(clock.usesStamps).toBe(true);
    expect(clock.heardTimeAt(5000)).toBeCloseTo(5 - 0.1 - 0.042, 9);
    expect(clock.pageTimeOf(5 - 0.1 - 0.042)).toBeCloseTo(5000, 6);
  });

  it('does not trust stamps that still move', () => {
    const stamps = [0, 1, 2, 3, 4].map((i) => ({ mapping: i * 0.004, at: i * 300 }));
    expect(hasSettled(stamps)).toBe(false);
    expect(hasSettled(stamps.map((stamp) => ({ ...stamp, mapping: 0.5 })))).toBe(true);
  });

  it('reads through the jitter of single stamps (median)', () => {
    const clock = new OutputClock();
    const jitter = [0, 0.0002, -0.0001, 0.0003, 0.0001, 0.008];
    jitter.forEach((offset, i) => clock.add(reading(i * 300 + 1000, true, offset)));
    expect(clock.heardTimeAt(5000)).toBeCloseTo(5 - 0.142 + 0.0002, 4);
  });
});
