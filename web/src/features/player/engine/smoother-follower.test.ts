import { describe, expect, it } from 'vitest';
import { SmootherFollower } from './smoother-follower';
import { pulseStamps } from './pulse-stamps.test-support';

/** A few tenths of a millisecond of measurement noise, the same each run (seen: up to 0.5 ms). */
const noise = (atMs: number) => 0.0003 * Math.sin(atMs / 300);

/** The follower's mapping at each stamp from `fromMs` on, and the stamps' own, at their worst. */
function worstAfter(stamps: Array<[number, number]>, fromMs: number) {
  const follower = new SmootherFollower();
  let followed = 0;
  let stamped = 0;
  for (const [at, mapping] of stamps) {
    follower.add(at, mapping);
    if (at < fromMs) continue;
    const heard = follower.mapping(at);
    followed = Math.max(followed, heard === null ? Infinity : Math.abs(heard));
    stamped = Math.max(stamped, Math.abs(mapping));
  }
  return { followed, stamped };
}

describe('following the PulseAudio smoother behind the stamps', () => {
  it('places the music by the measurements when the first one was off, where the stamps slide for seconds', () => {
    const stamps = pulseStamps((at) => (at < 1005 ? 0.006 : noise(at)));
    const { followed, stamped } = worstAfter(stamps, 5000);
    expect(stamped).toBeGreaterThan(0.005);
    expect(followed).toBeLessThan(0.0006);
  });

  it('is not moved by one measurement made while the machine stalled', () => {
    const stamps = pulseStamps((at) => (at === 6540 ? 0.031 : noise(at)), {
      toMs: 25_000,
    });
    const { followed, stamped } = worstAfter(stamps, 4000);
    expect(stamped).toBeGreaterThan(0.01);
    expect(followed).toBeLessThan(0.0006);
  });

  it('follows a card clock that runs fast, measurement by measurement', () => {
    // 120 ppm: the music's mapping grows 0.12 ms per second; the stamps lag it.
    const stamps = pulseStamps((at) => 0.00012 * (at / 1000)).map(
      ([at, mapping]): [number, number] => [at, mapping - 0.00012 * (at / 1000)],
    );
    expect(worstAfter(stamps, 8000).followed).toBeLessThan(0.0003);
  });

  it('has no answer for stamps that come more often than PulseAudio’s, or that no smoother explains', () => {
    const often = new SmootherFollower();
    for (let at = 1000; at < 10_000; at += 20) often.add(at, 0);
    expect(often.mapping(10_000)).toBeNull();

    const wild = new SmootherFollower();
    for (let at = 1000; at < 10_000; at += 85) wild.add(at, 0.01 * Math.sin(at / 97));
    expect(wild.locked).toBe(false);
    expect(wild.mapping(10_000)).toBeNull();
  });
});
