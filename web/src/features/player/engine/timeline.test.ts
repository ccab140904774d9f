import { describe, expect, it } from 'vitest';
import {
  planSpan,
  positionAtTime,
  pruned,
  shifted,
  timeOfPosition,
  withNudge,
  type Timeline,
} from './timeline';

/** The music comes in at context time 5 s, 30 s into the program. */
const joined: Timeline = [{ at: 5, position: 30, rate: 1 }];

describe('the timeline (program position ↔ AudioContext time)', () => {
  it('maps both ways at rate 1', () => {
    expect(positionAtTime(joined, 7.5)).toBe(32.5);
    expect(timeOfPosition(joined, 32.5)).toBe(7.5);
  });

  it('bends at a nudge and comes back to rate 1 after it', () => {
    const nudged = withNudge(joined, 10, 0.99, 3);
    expect(positionAtTime(nudged, 10)).toBe(35);
    expect(positionAtTime(nudged, 13)).toBeCloseTo(35 + 3 * 0.99, 9);
    // 30 ms behind where it would have been, for good.
    expect(positionAtTime(nudged, 20)).toBeCloseTo(45 - 0.03, 9);
    expect(timeOfPosition(nudged, 45 - 0.03)).toBeCloseTo(20, 9);
  });

  it('moves every position when the next track becomes the current one', () => {
    const moved = shifted(joined, -180);
    expect(positionAtTime(moved, 7.5)).toBe(32.5 - 180);
  });

  it('drops anchors that no longer matter, keeping one not reached yet', () => {
    const nudged = withNudge(joined, 10, 1.01, 2);
    expect(pruned(nudged, 11)).toEqual(nudged.slice(1));
    expect(pruned(joined, 1)).toBe(joined);
  });
});

describe('the scheduling plan of a segment', () => {
  it('starts the segment the music joins inside itself, at the joining instant', () => {
    const plan = planSpan(joined, { start: 20, end: 40 }, 30);
    expect(plan).toEqual({ when: 5, offset: 10, endsAt: 15, rates: [{ at: 5, rate: 1 }] });
  });

  it('starts each following segment exactly where the one before ends (gapless)', () => {
    const first = planSpan(joined, { start: 20, end: 40 }, 30)!;
    const second = planSpan(joined, { start: 40, end: 50 }, 30)!;
    expect(second.when).toBe(first.endsAt);
    expect(second.offset).toBe(0);
  });

  it('carries the rate changes of a nudge that falls inside the segment', () => {
    const nudged = withNudge(joined, 10, 1.02, 1);
    const plan = planSpan(nudged, { start: 30, end: 50 }, 30)!;
    expect(plan.rates).toEqual([
      { at: 5, rate: 1 },
      { at: 10, rate: 1.02 },
      { at: 11, rate: 1 },
    ]);
    // A faster second ends it 20 ms sooner.
    expect(plan.endsAt).toBeCloseTo(25 - 0.02, 9);
  });

  it('plans nothing for a segment that is over before the music joins', () => {
    expect(planSpan(joined, { start: 0, end: 20 }, 30)).toBeNull();
  });
});
