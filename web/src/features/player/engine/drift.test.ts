import { describe, expect, it } from 'vitest';
import { DRIFT_SEEK_MS, DRIFT_TOLERANCE_MS } from '@music-rooms/domain/playback';
import { DRIFT_SAMPLES, DriftControl, driftAction, gapLeftAt, isInSync } from './drift';

describe('drift decisions', () => {
  it('leaves a drift within the tolerance alone', () => {
    expect(driftAction([0.2, -0.3, DRIFT_TOLERANCE_MS, 0.1, 0.4])).toEqual({ kind: 'none' });
  });

  it('slows down music that is ahead, long enough to close most of the gap', () => {
    const action = driftAction([12, 12, 11, 13, 12]);
    if (action.kind !== 'nudge') throw new Error(`expected a nudge, got ${action.kind}`);
    expect(action.rate).toBeLessThan(1);
    const closedMs = (1 - action.rate) * action.durationS * 1000;
    expect(closedMs).toBeGreaterThan(12 / 2);
    expect(closedMs).toBeLessThanOrEqual(12);
  });

  it('speeds up music that is behind', () => {
    const action = driftAction([-30, -30, -31, -29, -30]);
    expect(action.kind === 'nudge' && action.rate > 1).toBe(true);
  });

  it('seeks when the gap is too large to nudge', () => {
    expect(driftAction([DRIFT_SEEK_MS + 5, 90, 200, 80, 75])).toEqual({ kind: 'seek' });
  });

  it('is not moved by one wild reading among steady ones', () => {
    expect(driftAction([0.5, 400, 0.2, -0.3, 0.1])).toEqual({ kind: 'none' });
  });

  it('counts as in sync within 3 ms, and stays so up to 20 ms', () => {
    expect(isInSync([2, 3, 1])).toBe(true);
    expect(isInSync([5, 6, 4])).toBe(false);
    expect(isInSync([5, 6, 4], true)).toBe(true);
    expect(isInSync([45, 46, 44], true)).toBe(false);
    expect(isInSync([])).toBe(false);
  });
});

describe('the drift control', () => {
  it('says "in sync" after a second, and decides on a small gap only on a full set, on its median', () => {
    const control = new DriftControl();
    const readings = Array.from({ length: DRIFT_SAMPLES - 1 }, (_, i) =>
      control.add(i % 2 ? 2.5 : 3.5, i),
    );
    expect(readings[0]?.inSync).toBeNull();
    expect(readings.every((reading) => reading?.action === null)).toBe(true);
    const decided = control.add(400, DRIFT_SAMPLES);
    expect(decided?.driftMs).toBe(3.5);
    expect(decided?.action?.kind).toBe('nudge');
  });

  it('acts on a gap seen in every reading of the last second at once, closing it within ~1 s', () => {
    const control = new DriftControl();
    const readings = Array.from({ length: 5 }, (_, i) => control.add(-30 + (i % 3), i));
    expect(readings.slice(0, 4).every((reading) => reading?.action === null)).toBe(true);
    // 30 ms off: not in sync until a correction has closed it.
    expect(readings[4]?.inSync).toBe(false);
    const action = readings[4]?.action;
    if (action?.kind !== 'nudge') throw new Error(`expected a nudge, got ${action?.kind}`);
    expect(action.rate).toBeGreaterThan(1);
    expect(action.rate).toBeLessThanOrEqual(1.02);
    const closedMs = (action.rate - 1) * action.durationS * 1000;
    expect(closedMs).toBeGreaterThan(28);
    expect(closedMs).toBeLessThanOrEqual(30);
    expect(action.durationS).toBeLessThanOrEqual(1.5);
  });

  it('acts on a gap that came with a move of the output after two readings, not five', () => {
    const control = new DriftControl();
    for (let i = 0; i < 8; i += 1) control.add(0.2, i);
    // The output moved 22 ms later (heard behind the room): the output clock said so at once.
    control.outputMoved();
    expect(control.add(-22, 8)?.action).toBeNull();
    const action = control.add(-22.4, 9)?.action;
    if (action?.kind !== 'nudge') throw new Error(`expected a nudge, got ${action?.kind}`);
    expect(action.rate).toBeGreaterThan(1);
    const closedMs = (action.rate - 1) * action.durationS * 1000;
    expect(closedMs).toBeGreaterThan(21);
    expect(closedMs).toBeLessThanOrEqual(22.4);
  });

  it('after a move of the output, leaves a gap the two readings do not both show', () => {
    const control = new DriftControl();
    control.outputMoved();
    expect([-22, 0.3].map((drift, i) => control.add(drift, i)?.action)).toEqual([null, null]);
  });

  it('does not act at once on a gap that one reading of the last second contradicts', () => {
    const control = new DriftControl();
    const readings = [12, 12, 0, 12, 12].map((drift, i) => control.add(drift, i));
    expect(readings.every((reading) => reading?.action === null)).toBe(true);
  });

  it('is in sync once the gap is closed, and a wobble afterwards does not undo it', () => {
    const control = new DriftControl();
    const at = (i: number) => control.add(i < 5 ? 1 : 9, i);
    const readings = Array.from({ length: 10 }, (_, i) => at(i));
    expect(readings[4]?.inSync).toBe(true);
    expect(readings[9]?.inSync).toBe(true);
    control.reset();
    expect(Array.from({ length: 5 }, (_, i) => control.add(9, i)).at(-1)?.inSync).toBe(false);
  });

  it('acts on nothing a nudge accounts for while it is heard, then gathers a new set', () => {
    const control = new DriftControl();
    for (let i = 0; i < DRIFT_SAMPLES; i += 1) control.add(12, 1);
    control.nudged({ at: 2.75, rate: 0.996, durationS: 2.25, fromMs: 12 });
    expect(control.add(12, 4.9)).toBeNull();
    expect(control.add(0.5, 5)?.action).toBeNull();
    for (let i = 1; i < DRIFT_SAMPLES - 1; i += 1) control.add(0.5, 5 + i);
    expect(control.add(0.5, 20)?.action).toEqual({ kind: 'none' });
  });

  it('seeks while a nudge is heard when the whole last second shows a gap no nudge closes', () => {
    const control = new DriftControl();
    for (let i = 0; i < DRIFT_SAMPLES; i += 1) control.add(2, 1);
    control.nudged({ at: 1.5, rate: 0.9993, durationS: 8.5, fromMs: 2 });
    // One reading far off, then near again: nothing is done.
    expect(control.add(-196, 2)).toBeNull();
    expect(control.add(1, 2.2)).toBeNull();
    const far = [2.4, 2.6, 2.8, 3, 3.2].map((at) => control.add(-196, at));
    expect(far.slice(0, 4)).toEqual([null, null, null, null]);
    expect(far[4]).toMatchObject({ inSync: false, action: { kind: 'seek' } });
  });

  it('leaves alone, while a nudge is heard, the gap it is closing', () => {
    const control = new DriftControl();
    const nudge = { at: 1, rate: 1.02, durationS: 2, fromMs: -40 };
    control.nudged(nudge);
    control.outputMoved();
    const readings = [0.8, 1, 1.4, 1.8, 2.2, 2.6, 2.99].map((at) =>
      control.add(gapLeftAt(nudge, at) + 0.5, at),
    );
    expect(readings).toEqual(readings.map(() => null));
  });

  it('acts, while a nudge is heard, on a gap it does not account for, as on a prompt one', () => {
    const control = new DriftControl();
    const nudge = { at: 1, rate: 0.9997, durationS: 2.25, fromMs: 0.9 };
    control.nudged(nudge);
    const late = [1.2, 1.4, 1.6, 1.8, 2].map((at) => control.add(gapLeftAt(nudge, at) - 47, at));
    expect(late.slice(0, 4)).toEqual([null, null, null, null]);
    expect(late[4]).toMatchObject({ inSync: false, action: { kind: 'nudge', rate: 1.02 } });
  });

  it('acts, while a nudge is heard, two readings after the output moved', () => {
    const control = new DriftControl();
    const nudge = { at: 1, rate: 0.9997, durationS: 2.25, fromMs: 0.9 };
    control.nudged(nudge);
    expect(control.add(gapLeftAt(nudge, 1.2), 1.2)).toBeNull();
    control.outputMoved();
    expect(control.add(-47, 1.4)).toBeNull();
    const reading = control.add(-46.9, 1.6);
    expect(reading?.action).toMatchObject({ kind: 'nudge', rate: 1.02 });
    expect(reading?.driftMs).toBeCloseTo(-47, 0);
  });
});
