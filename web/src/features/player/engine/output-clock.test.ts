import { describe, expect, it } from 'vitest';
import { OutputClock, type OutputReading } from './output-clock';
import { pulseStamps } from './pulse-stamps.test-support';

/**
 * A context whose output is heard 42 ms after it is rendered: at page time `at` (ms), the
 * context's clock has rendered up to `at / 1000 − 0.1` (in steps of a 4096-frame buffer), and the
 * speakers play what it rendered 42 ms earlier. `stampError` (s) is what the stamp is off by.
 */
const BUFFER_S = 4096 / 48_000;
const HEARD = (at: number) => at / 1000 - 0.1 - 0.042;

function reading(at: number, stampError: number | null = 0): OutputReading {
  const rendered = at / 1000 - 0.1;
  const currentTime = Math.ceil(rendered / BUFFER_S) * BUFFER_S;
  return {
    stampContextTime: stampError === null ? 0 : HEARD(at) + stampError,
    stampPerformanceTime: stampError === null ? 0 : at,
    currentTime,
    readAt: at,
    // baseLatency is the buffer, outputLatency the rest.
    latency: BUFFER_S + 0.042,
  };
}

/** The saw tooth of a stamp that interpolates slow and snaps back every 1.5 s, `depth` deep. */
const saw = (at: number, depth: number) => -depth * ((at % 1500) / 1500);

/**
 * Stamps of an output whose latency is still being learnt (seen under PulseAudio): from `from`
 * (ms) they slide at `slope` (s per s) for `slideMs`, each update every 1.5 s pulling them a
 * third of the way back, then come back to the music over `backMs`.
 */
function sliding(from: number, slope: number, slideMs: number, backMs: number) {
  return (at: number) => {
    const t = at - from;
    if (t < 0) return 0;
    if (t < slideMs) return (slope * t) / 1000 - (slope * 0.5 * Math.floor(t / 1500) * 1500) / 1000;
    const reached =
      (slope * slideMs) / 1000 - (slope * 0.5 * Math.floor(slideMs / 1500) * 1500) / 1000;
    return t < slideMs + backMs ? reached * (1 - (t - slideMs) / backMs) : 0;
  };
}

/**
 * A clock whose stamps are true for 7 s and then off by `error` (s) until 25 s: the furthest they
 * went below the music, and the worst the clock was off meanwhile.
 */
function slideAfterSettling(error: (at: number) => number) {
  const clock = new OutputClock();
  for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
  let worst = 0;
  let furthest = 0;
  for (let at = 8050; at <= 25_000; at += 50) {
    clock.add(reading(at, error(at)));
    furthest = Math.min(furthest, error(at));
    worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
  }
  return { clock, worst, furthest };
}

describe('the output clock (which context time is heard when)', () => {
  it('reads currentTime just after it advanced, before there are stamps', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 2000; at += 200) clock.add(reading(at, null));
    expect(clock.usesStamps).toBe(false);
    // The highest currentTime − now of the last second: off by far less than one buffer.
    const error = clock.heardTimeAt(5000)! - HEARD(5000);
    expect(Math.abs(error)).toBeLessThan(BUFFER_S / 4);
    // One reading alone may be off by most of a buffer.
    const worst = Math.max(
      ...[1000, 1200, 1400, 1600, 1800, 2000].map((at) => {
        const single = new OutputClock();
        single.add(reading(at, null));
        return Math.abs(single.heardTimeAt(5000)! - HEARD(5000));
      }),
    );
    expect(worst).toBeGreaterThan(BUFFER_S / 2);
  });

  it('ignores the wild first stamps and stands on the first calm ones until they span a second', () => {
    const clock = new OutputClock();
    clock.add(reading(1000, 0.8));
    clock.add(reading(1100, 0.25));
    clock.add(reading(1200, 0.15));
    clock.add(reading(1300));
    // The stand-in has seen more than a buffer, but stamps have started: the music waits.
    expect(clock.ready()).toBe(false);
    clock.add(reading(1400));
    expect(clock.ready()).toBe(true);
    expect(clock.usesStamps).toBe(false);
    expect(clock.heardTimeAt(1400)).toBeCloseTo(HEARD(1400), 9);
    for (let at = 1500; at <= 6400; at += 100) clock.add(reading(at));
    expect(clock.usesStamps).toBe(true);
    expect(clock.heardTimeAt(9000)).toBeCloseTo(HEARD(9000), 9);
    expect(clock.pageTimeOf(HEARD(9000))).toBeCloseTo(9000, 6);
  });

  it('follows the top of a saw-tooth stamp, not its middle', () => {
    const clock = new OutputClock();
    // Half a millisecond deep: what settled stamps show.
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at, saw(at, 0.0005)));
    expect(clock.usesStamps).toBe(true);
    // A tenth of the tooth at most, where the middle would be half of it off.
    expect(Math.abs(clock.heardTimeAt(9000)! - HEARD(9000))).toBeLessThan(0.00006);
  });

  it('is not carried by a stray stamp', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 200) clock.add(reading(at, at === 7000 ? 0.08 : 0));
    expect(clock.heardTimeAt(9000)).toBeCloseTo(HEARD(9000), 9);
  });

  it('holds back stamps that rise at once while the music plays on (seen: 36 ms in 3 s)', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    // The stamps climb 36 ms over 3 s, then come back over 10 s; the music never moved.
    const bogus = (at: number) =>
      at < 11_000
        ? (0.036 * (at - 8000)) / 3000
        : Math.max(0, 0.036 * (1 - (at - 11_000) / 10_000));
    let worst = 0;
    for (let at = 8050; at <= 25_000; at += 50) {
      clock.add(reading(at, bogus(at)));
      worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
    }
    // Followed, they would have been 36 ms off; held back, a millisecond and what a clock
    // could drift meanwhile.
    expect(worst).toBeLessThan(0.007);
    expect(clock.heardTimeAt(26_000)).toBeCloseTo(HEARD(26_000), 9);
  });

  it('follows a fall of the stamps at once (an underrun: the music is heard later)', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    for (let at = 8050; at <= 12_000; at += 50) clock.add(reading(at, -0.02));
    expect(clock.heardTimeAt(12_000)).toBeCloseTo(HEARD(12_000) - 0.02, 9);
  });

  it('follows a rise that holds steady (a device with a shorter delay)', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    for (let at = 8050; at <= 18_000; at += 50) clock.add(reading(at, 0.05));
    expect(clock.heardTimeAt(18_000)).toBeCloseTo(HEARD(18_000) + 0.05, 9);
  });

  it('follows an output clock that drifts 300 ppm ahead of the page', () => {
    const clock = new OutputClock();
    const drift = (at: number) => 0.0003 * (at / 1000);
    for (let at = 1000; at <= 60_000; at += 50) clock.add(reading(at, drift(at)));
    expect(Math.abs(clock.heardTimeAt(60_000)! - HEARD(60_000) - drift(60_000))).toBeLessThan(
      0.0005,
    );
  });

  it('lets the music start once the stand-in has seen a whole output buffer, stamps or not', () => {
    const clock = new OutputClock();
    clock.add(reading(1000, null));
    expect(clock.ready()).toBe(false);
    for (let at = 1050; at <= 1150; at += 50) clock.add(reading(at, null));
    expect(clock.ready()).toBe(true);
    expect(Math.abs(clock.heardTimeAt(1150)! - HEARD(1150))).toBeLessThan(BUFFER_S);
  });

  it('keeps to where it was while the stamps slide faster than a clock (an output reopened)', () => {
    // Seen: 16 ms per second down to 29 ms below the music, back within 15 s.
    const { clock, worst, furthest } = slideAfterSettling(sliding(8000, -0.012, 3000, 10_000));
    expect(furthest).toBeLessThan(-0.02);
    // Followed, the page would have played 20+ ms late; kept, it stays where the music is.
    expect(worst).toBeLessThan(0.001);
    expect(clock.heardTimeAt(26_000)).toBeCloseTo(HEARD(26_000), 9);
  });

  it('is not carried off by a slide that glides far from where it kept (seen under load: 52 ms)', () => {
    const { worst, furthest } = slideAfterSettling(sliding(8000, -0.02, 4000, 10_000));
    // Far enough for long enough to pass for a move of the output, but never a jump.
    expect(furthest).toBeLessThan(-0.045);
    expect(worst).toBeLessThan(0.001);
  });

  it('on a new context whose stamps slide from the start, keeps to the first ones', () => {
    const clock = new OutputClock();
    // Seen: 4 ms per second up for 4 s, back over 8 s.
    const error = sliding(1000, 0.004, 4000, 8000);
    let worst = 0;
    let furthest = 0;
    for (let at = 1000; at <= 20_000; at += 50) {
      clock.add(reading(at, error(at)));
      furthest = Math.max(furthest, error(at));
      if (clock.usesStamps) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
    }
    // What the stamps had slid by the time they took over, not where they went after.
    expect(furthest).toBeGreaterThan(0.009);
    expect(worst).toBeLessThan(furthest * 0.6);
    expect(clock.heardTimeAt(21_000)).toBeCloseTo(HEARD(21_000), 9);
  });

  it("does not take a new output's slide snapping back by more than 40 ms for a reopened one", () => {
    // Seen under load: a new output's stamps slid 50 ms per second and snapped back 83 ms.
    const clock = new OutputClock();
    const error = sliding(1000, -0.06, 4000, 10_000);
    let worst = 0;
    let snap = 0;
    for (let at = 1000; at <= 8000; at += 50) {
      clock.add(reading(at, error(at)));
      snap = Math.max(snap, error(at) - error(at - 50));
      if (clock.ready()) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
    }
    expect(snap).toBeGreaterThan(0.04);
    // Where the first stamps of such a slide leave it, not where the stamps after a snap would
    // (99 ms off).
    expect(worst).toBeLessThan(0.02);
  });

  it("does not take a step within a new output's slide for a move of the output", () => {
    // Seen when a page joined on a busy machine: its first calm stamps lay where its music was
    // heard, then slid 35 ms per second with one step of 26 ms among them, and snapped back 40 ms
    // every 1.5 s. Taken for a move, the page played 55 ms late for the rest of the run.
    const clock = new OutputClock();
    clock.add(reading(1000, 0.083));
    const error = (at: number) => {
      const t = (at - 1100) / 1000;
      if (t < 0.6) return 0;
      const step = t >= 1.3 ? 0.026 : 0;
      return 0.035 * (t - 0.6) + step - 0.04 * Math.floor((t - 0.6) / 1.5);
    };
    let worst = 0;
    for (let at = 1100; at <= 6000; at += 50) {
      clock.add(reading(at, error(at)));
      if (clock.ready()) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
    }
    expect(Math.min(...[2400, 2800, 3150].map(error))).toBeGreaterThan(0.04);
    expect(worst).toBeLessThan(0.002);
  });

  it("takes a new output's first calm stamps falling to where its music is in one step", () => {
    // Seen when a page joined on a busy machine: after the wild first stamps, three calm ones
    // over half a second lay 66 ms from where its music was, then the stamps fell there in one
    // step and slid on a few ms per second.
    const clock = new OutputClock();
    clock.add(reading(1000, 0.146));
    for (let at = 1050; at <= 1700; at += 50) clock.add(reading(at, 0.066));
    const slide = (at: number) => (0.002 * (at - 1750)) / 1000;
    for (let at = 1750; at <= 2500; at += 50) clock.add(reading(at, slide(at)));
    expect(Math.abs(clock.heardTimeAt(2500)! - HEARD(2500))).toBeLessThan(0.005);
  });

  it('keeps to the stamps from before a slide that starts right after the wild ones', () => {
    const clock = new OutputClock();
    clock.add(reading(1000, 0.13));
    clock.add(reading(1050, 0.085));
    // Seen: 11 ms per second up from the third stamp, for 3.5 s, back over 12 s.
    const error = sliding(1100, 0.011, 3500, 12_000);
    let worst = 0;
    for (let at = 1100; at <= 20_000; at += 50) {
      clock.add(reading(at, error(at)));
      if (clock.ready()) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
    }
    // Half a second on (where the first stamps used to be taken), they had slid 5 ms.
    expect(error(1600)).toBeGreaterThan(0.005);
    expect(worst).toBeLessThan(0.001);
  });

  it('says it is settling until the stamps are followed: while they start, and through a slide', () => {
    const clock = new OutputClock();
    clock.add(reading(1000, null));
    // No stamps at all (a browser without them): nothing better will come.
    expect(clock.settling).toBe(false);
    const error = sliding(8000, -0.012, 3000, 10_000);
    const settlingAt = (at: number) => {
      clock.add(reading(at, error(at)));
      return clock.settling;
    };
    expect(settlingAt(1050)).toBe(true);
    for (let at = 1100; at < 5000; at += 50) settlingAt(at);
    expect(settlingAt(5000)).toBe(false);
    for (let at = 5050; at < 9500; at += 50) settlingAt(at);
    expect(settlingAt(9500)).toBe(true);
    let settledAt = 9500;
    while (settlingAt(settledAt) && settledAt < 40_000) settledAt += 50;
    // Followed again once the stamps have slid like a clock for a while after coming back.
    expect(settledAt).toBeGreaterThan(8000 + 3000 + 10_000);
    expect(clock.heardTimeAt(settledAt)! - HEARD(settledAt)).toBeCloseTo(0, 3);
  });

  it('follows a large fall at once, even while the stamps slide (seen: 108 ms, sliding after)', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    const error = (at: number) => -0.108 + sliding(8000, -0.006, 4000, 4000)(at);
    let at = 8000;
    while (clock.heardTimeAt(at)! - HEARD(at) > -0.09) clock.add(reading((at += 50), error(at)));
    expect(at - 8000).toBeLessThanOrEqual(700);
  });

  it('starts afresh from the first calm stamps after a reopened output rises back from a dip', () => {
    // Seen when a page joined on the same machine: the playing page's stamps fell 48 ms, dipped
    // 117 ms for one stamp and rose back to where its music was now heard (68 ms later than
    // before), then slid 45 ms up over 2.5 s and came back over 8 s.
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    const moved = -0.068;
    const slide = sliding(8650, 0.018, 2500, 8000);
    const stampError = (at: number) => {
      if (at < 8600) return -0.048;
      if (at === 8600) return -0.117;
      return moved + slide(at);
    };
    let worst = 0;
    for (let at = 8050; at <= 20_000; at += 50) {
      clock.add(reading(at, stampError(at)));
      if (at >= 8800) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at) - moved));
    }
    expect(slide(11_150)).toBeGreaterThan(0.03);
    expect(worst).toBeLessThan(0.002);
  });

  it('takes a fall of tens of milliseconds in one step at once, though the stamps slide on after it', () => {
    // Seen on a quiet machine: stamps followed for seconds fell 35 ms in one step, 5 ms short of
    // where the music now was, and slid on down past it for 2 s before they came back.
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    const moved = -0.04;
    const slide = sliding(8050, -0.006, 3000, 8000);
    let worst = 0;
    for (let at = 8050; at <= 24_000; at += 50) {
      const short = 0.005 * Math.max(0, 1 - (at - 8050) / 11_000);
      clock.add(reading(at, moved + short + slide(at)));
      if (at >= 8600) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at) - moved));
    }
    // Kept where the stamps had been, the page would have played 40 ms early until they settled.
    expect(worst).toBeLessThan(0.006);
    expect(clock.heardTimeAt(24_000)! - HEARD(24_000) - moved).toBeCloseTo(0, 3);
  });

  it('takes a move that comes in two falls, though the stamps slide on after the second', () => {
    // Seen when a page joined on the same machine: the playing page's stamps fell 51 ms, rose
    // 2 ms, 0.7 s later fell 52 ms more and rose 21 ms back to where its music was now heard
    // (79 ms later than before), then slid 16 ms per second down for 3 s and came back.
    const clock = new OutputClock();
    for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
    const moved = -0.079;
    const slide = sliding(8800, -0.016, 3000, 10_000);
    const stampError = (at: number) => {
      // Rising 3 ms per second between the falls: not yet followed.
      if (at < 8700) return -0.051 + (0.003 * (at - 8050)) / 1000;
      if (at < 8800) return -0.103;
      return moved + 0.0004 + slide(at);
    };
    let worst = 0;
    for (let at = 8050; at <= 26_000; at += 50) {
      clock.add(reading(at, stampError(at)));
      if (at >= 9300) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at) - moved));
    }
    expect(slide(11_700)).toBeLessThan(-0.03);
    expect(worst).toBeLessThan(0.003);
  });

  it('follows stamps that settle elsewhere after a slide, rise or fall (a new output latency)', () => {
    for (const moved of [0.005, -0.005]) {
      const clock = new OutputClock();
      for (let at = 1000; at <= 8000; at += 50) clock.add(reading(at));
      const error = sliding(8000, -0.008, 2000, 4000);
      for (let at = 8050; at <= 16_000; at += 50) clock.add(reading(at, error(at) + moved));
      expect(clock.heardTimeAt(16_000)! - HEARD(16_000)).toBeCloseTo(moved, 4);
    }
  });

  it('follows a fall of the output within a second, not after a whole envelope', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 20_000; at += 50) clock.add(reading(at));
    let at = 20_000;
    while (clock.heardTimeAt(at)! - HEARD(at) > -0.029) clock.add(reading((at += 50), -0.03));
    expect(at - 20_000).toBeLessThanOrEqual(700);
  });

  it('comes back at once from a dip of the stamps while the machine was busy', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 20_000; at += 50) clock.add(reading(at));
    // A stall: the stamps sink 45 ms for two seconds; the music itself went 30 ms late.
    for (let at = 20_050; at <= 22_000; at += 50) clock.add(reading(at, -0.045));
    expect(clock.heardTimeAt(22_000)! - HEARD(22_000)).toBeCloseTo(-0.045, 3);
    for (let at = 22_050; at <= 24_000; at += 50) clock.add(reading(at, -0.03));
    // Held back, the rise would have left the page playing 15 ms early for seconds.
    expect(clock.heardTimeAt(24_000)! - HEARD(24_000)).toBeCloseTo(-0.03, 3);
  });

  it('places the music by PulseAudio’s measurements, where the stamps slide from a first one that was off', () => {
    const clock = new OutputClock();
    // Seen on a busy machine: the first timing update 6 ms off, the stamps sliding for 15 s.
    const stamps = pulseStamps((at) => (at < 1005 ? 0.006 : 0));
    let worst = 0;
    for (const [at, stampError] of stamps) {
      clock.add(reading(at, stampError));
      if (at >= 5000) worst = Math.max(worst, Math.abs(clock.heardTimeAt(at)! - HEARD(at)));
    }
    expect(Math.max(...stamps.map(([, error]) => Math.abs(error)))).toBeGreaterThan(0.005);
    expect(worst).toBeLessThan(0.0005);
    expect(clock.settling).toBe(false);
  });

  it('forgets a closed context', () => {
    const clock = new OutputClock();
    for (let at = 1000; at <= 5000; at += 200) clock.add(reading(at));
    clock.reset();
    expect(clock.usesStamps).toBe(false);
    expect(clock.heardTimeAt(9000)).toBeNull();
  });
});
