import { describe, expect, it } from 'vitest';
import { OUTLIER_MS, TAPS_NEEDED, proposeDelay, tapOffset } from './tap-along';

describe('tapping along with the clicks', () => {
  it('pairs a tap with the latest click heard before it, or just after it', () => {
    const clicks = [1000, 1600, 2200];
    expect(tapOffset(1763, clicks)).toBe(163);
    expect(tapOffset(1550, clicks)).toBe(-50);
    expect(tapOffset(2620, clicks)).toBe(420);
    expect(tapOffset(800, clicks)).toBeNull();
  });

  it('proposes the delay in use plus the median gap of the taps', () => {
    const offsets = [150, 160, 170, 155, 165, 175, 158, 162];
    expect(proposeDelay(offsets, 0)).toEqual({
      kind: 'proposed',
      delayMs: 161,
      used: 8,
      dropped: 0,
    });
    // Already 100 ms in use: the taps' gap is what is still missing.
    expect(proposeDelay([60, 62, 58, 61, 59, 63, 57, 60], 100)).toMatchObject({ delayMs: 160 });
  });

  it('leaves out taps more than ±250 ms from the median', () => {
    const agreeing = [100, 104, 96, 102, 98, 101, 99, 100];
    const stray = [100 + OUTLIER_MS + 1, 100 - OUTLIER_MS - 40];
    expect(proposeDelay([...agreeing, ...stray], 0)).toEqual({
      kind: 'proposed',
      delayMs: 100,
      used: 8,
      dropped: 2,
    });
  });

  it('says so when too few taps agree', () => {
    const few = Array.from({ length: TAPS_NEEDED - 1 }, () => 120);
    expect(proposeDelay(few, 0)).toEqual({ kind: 'tooFew', used: TAPS_NEEDED - 1, dropped: 0 });
    expect(proposeDelay([], 0)).toEqual({ kind: 'tooFew', used: 0, dropped: 0 });
    const scattered = [...few, 400, -150];
    expect(proposeDelay(scattered, 0)).toMatchObject({ kind: 'tooFew', dropped: 2 });
  });

  it('keeps the proposal within the range a delay may take', () => {
    const late = Array.from({ length: TAPS_NEEDED }, () => 300);
    expect(proposeDelay(late, 400)).toMatchObject({ kind: 'proposed', delayMs: 500 });
  });
});
