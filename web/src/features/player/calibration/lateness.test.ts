import { describe, expect, it } from 'vitest';
import {
  combinedOutcome,
  heardChirps,
  roundOutcome,
  wantsAnotherRound,
  type RoundOutcome,
} from './lateness';

describe('roundOutcome', () => {
  it('is the own arrival less the median of the others, whatever the microphone adds', () => {
    // The recording began 1000 ms before the round and the microphone adds 40 ms to all.
    const start = 1000 - 40;
    const own = { at: 1000, heardMs: 1000 - start + 187 };
    const others = [
      { at: 1300, heardMs: 1300 - start + 2 },
      { at: 1600, heardMs: 1600 - start - 1 },
      { at: 1900, heardMs: 1900 - start + 90 },
    ];
    expect(roundOutcome(own, others)).toEqual({ kind: 'measured', latenessMs: 185, devices: 3 });
  });

  it('tells an early device by a negative lateness', () => {
    const outcome = roundOutcome({ at: 0, heardMs: 10 }, [{ at: 300, heardMs: 340 }]);
    expect(outcome).toEqual({ kind: 'measured', latenessMs: -30, devices: 1 });
  });

  it('leaves out a chirp not found, and says so when its own or every other is missing', () => {
    const own = { at: 0, heardMs: 50 };
    expect(
      roundOutcome(own, [
        { at: 300, heardMs: null },
        { at: 600, heardMs: 650 },
      ]),
    ).toEqual({
      kind: 'measured',
      latenessMs: 0,
      devices: 1,
    });
    expect(roundOutcome(own, [])).toEqual({ kind: 'alone' });
    expect(roundOutcome({ at: 0, heardMs: null }, [{ at: 300, heardMs: 350 }])).toEqual({
      kind: 'notHeard',
      whose: 'own',
    });
    expect(roundOutcome(own, [{ at: 300, heardMs: null }])).toEqual({
      kind: 'notHeard',
      whose: 'others',
    });
  });
});

describe('heardChirps', () => {
  it('pairs each chirp of the plan with where it was found', () => {
    const plan = {
      own: { at: 100, chirp: 0 },
      others: [
        { at: 400, chirp: 1 },
        { at: 700, chirp: 2 },
      ],
    };
    const found = heardChirps(plan, (chirp) => (chirp === 2 ? null : chirp * 10));
    expect(found).toEqual({
      own: { at: 100, heardMs: 0 },
      others: [
        { at: 400, heardMs: 10 },
        { at: 700, heardMs: null },
      ],
    });
  });
});

const measured = (latenessMs: number, devices = 1): RoundOutcome => ({
  kind: 'measured',
  latenessMs,
  devices,
});

describe('a calibration of several rounds', () => {
  it('listens again until two rounds agree within 2 ms, three at most', () => {
    expect(wantsAnotherRound([])).toBe(true);
    expect(wantsAnotherRound([measured(187)])).toBe(true);
    expect(wantsAnotherRound([measured(187), measured(189)])).toBe(false);
    expect(wantsAnotherRound([measured(187), measured(101)])).toBe(true);
    expect(wantsAnotherRound([measured(187), measured(101), measured(186)])).toBe(false);
  });

  it('stops at a round that could not measure', () => {
    expect(wantsAnotherRound([{ kind: 'alone' }])).toBe(false);
    expect(wantsAnotherRound([measured(40), { kind: 'notHeard', whose: 'own' }])).toBe(false);
  });

  it('takes the median, so that one far-off round is left out', () => {
    expect(combinedOutcome([measured(106), measured(20), measured(105, 2)])).toEqual(
      measured(105, 2),
    );
    expect(combinedOutcome([measured(187), measured(189)])).toEqual(measured(188));
    expect(combinedOutcome([measured(40), { kind: 'notHeard', whose: 'others' }])).toEqual(
      measured(40),
    );
  });

  it('says why when no round measured', () => {
    expect(combinedOutcome([{ kind: 'notHeard', whose: 'own' }])).toEqual({
      kind: 'notHeard',
      whose: 'own',
    });
  });
});
