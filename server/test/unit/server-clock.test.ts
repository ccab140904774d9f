import { describe, expect, it } from 'vitest';
import { calibrateClock, epochOfMonotonic, serverNow } from '../../src/services/server-clock';

describe('the server clock', () => {
  it('pins the monotonic clock to a millisecond edge of Date.now within a fraction of a ms', () => {
    const calibration = calibrateClock();
    expect(calibration.uncertaintyMs).toBeLessThan(0.5);
    expect(Number.isInteger(calibration.epochAtBaseMs)).toBe(true);
    // Two calibrations of one machine's clocks name the same instant alike.
    const again = calibrateClock();
    const probe = process.hrtime.bigint();
    const apart =
      calibration.epochAtBaseMs +
      Number(probe - calibration.baseNs) / 1e6 -
      (again.epochAtBaseMs + Number(probe - again.baseNs) / 1e6);
    expect(Math.abs(apart)).toBeLessThan(calibration.uncertaintyMs + again.uncertaintyMs + 0.05);
  });

  it('tells epoch milliseconds with fractions, never going back', () => {
    const readings = Array.from({ length: 10_000 }, () => serverNow());
    for (let i = 1; i < readings.length; i += 1) {
      expect(readings[i]!).toBeGreaterThanOrEqual(readings[i - 1]!);
    }
    expect(readings.some((reading) => !Number.isInteger(reading))).toBe(true);
    const before = Date.now();
    const now = serverNow();
    const after = Date.now();
    // Date.now() is the millisecond the server time is in (to within the calibration).
    expect(now).toBeGreaterThan(before - 0.5);
    expect(now).toBeLessThan(after + 1.5);
    expect(epochOfMonotonic(process.hrtime.bigint())).toBeGreaterThan(readings.at(-1)!);
  });
});
