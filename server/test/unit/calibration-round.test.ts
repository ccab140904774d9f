import { describe, expect, it } from 'vitest';
import { CALIBRATION } from '@music-rooms/domain';
import { calibrationRound } from '../../src/services/player/calibration-round';

const NOW = 1_000_000;

describe('calibrationRound', () => {
  it('gives the listening page the first chirp and each page in sync its own, spaced apart', () => {
    const round = calibrationRound(NOW, 'mine', [
      { socketId: 'mine', state: 'inSync' },
      { socketId: 'laptop', state: 'inSync' },
      { socketId: 'phone', state: 'syncing' },
      { socketId: 'speaker', state: 'inSync' },
    ]);
    const first = NOW + CALIBRATION.leadMs;
    expect(round.plan).toEqual({
      own: { at: first, chirp: 0 },
      others: [
        { at: first + CALIBRATION.spacingMs, chirp: 1 },
        { at: first + 2 * CALIBRATION.spacingMs, chirp: 2 },
      ],
    });
    expect(round.cues).toEqual([
      { socketId: 'laptop', slot: round.plan.others[0] },
      { socketId: 'speaker', slot: round.plan.others[1] },
    ]);
  });

  it('keeps the round short: a page counts once, and no more than the limit take part', () => {
    const many = Array.from({ length: 10 }, (_, i) => ({ socketId: `s${i}`, state: 'inSync' }));
    const round = calibrationRound(NOW, 'mine', [...many, ...many]);
    expect(round.cues.map(({ socketId }) => socketId)).toEqual(
      many.slice(0, CALIBRATION.maxOthers).map(({ socketId }) => socketId),
    );
    const chirps = [round.plan.own, ...round.plan.others].map(({ chirp }) => chirp);
    expect(new Set(chirps).size).toBe(chirps.length);
    const last = round.plan.others.at(-1)!.at;
    expect(last - NOW).toBeLessThanOrEqual(2000);
  });

  it('leaves out a muted page: it plays no chirp, so none is planned for it', () => {
    const round = calibrationRound(NOW, 'mine', [
      { socketId: 'muted', state: 'inSync', muted: true },
      { socketId: 'speaker', state: 'inSync', muted: false },
    ]);
    expect(round.cues.map(({ socketId }) => socketId)).toEqual(['speaker']);
    expect(round.plan.others).toHaveLength(1);
  });

  it('plans a round of one when nobody else plays in sync', () => {
    const round = calibrationRound(NOW, 'mine', [{ socketId: 'other', state: 'blocked' }]);
    expect(round.plan.others).toEqual([]);
    expect(round.cues).toEqual([]);
  });
});
