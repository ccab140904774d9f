import { describe, expect, it } from 'vitest';
import { CALIBRATION } from '@music-rooms/domain/room-sounds';
import { chirpSamples } from '../room-sounds/sound-shapes';
import { findChirp } from './chirp-detect';

const RATE = 48_000;

/** A small seeded generator: the same noise every run. */
function noise(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
}

/** A recording of `seconds` of noise with each chirp added at its sample, at its level. */
function recording(seconds: number, chirps: { index: number; at: number; level: number }[]) {
  const random = noise(7);
  const samples = new Float32Array(seconds * RATE).map(() => random() * 0.2);
  for (const { index, at, level } of chirps) {
    chirpSamples(index, RATE).forEach((value, i) => (samples[at + i]! += value * level));
  }
  return samples;
}

describe('findChirp', () => {
  it('finds every chirp of a round within one sample, quiet ones among noise too', () => {
    const placed = Array.from({ length: CALIBRATION.chirps }, (_, index) => ({
      index,
      at: 9_000 + index * 14_400 + index * 37,
      level: [0.5, 0.08, 0.2, 0.05, 0.3][index]!,
    }));
    const samples = recording(2, placed);
    for (const { index, at } of placed) {
      const found = findChirp(samples, chirpSamples(index, RATE));
      expect(found).not.toBeNull();
      expect(Math.abs(found!.sample - at)).toBeLessThanOrEqual(1);
    }
  });

  it('finds nothing in noise alone, or in a recording shorter than the chirp', () => {
    expect(findChirp(recording(2, []), chirpSamples(0, RATE))).toBeNull();
    expect(findChirp(new Float32Array(100), chirpSamples(0, RATE))).toBeNull();
  });

  it('looks only where it is told the chirp may begin', () => {
    const samples = recording(1, [
      { index: 2, at: 6_000, level: 0.5 },
      { index: 2, at: 30_000, level: 0.2 },
    ]);
    const found = findChirp(samples, chirpSamples(2, RATE), { from: 20_000, to: 40_000 });
    expect(found?.sample).toBe(30_000);
    expect(findChirp(samples, chirpSamples(2, RATE), { from: 40_000, to: 44_000 })).toBeNull();
  });

  it('does not take another chirp for its own', () => {
    const samples = recording(1, [{ index: 1, at: 12_000, level: 0.5 }]);
    expect(findChirp(samples, chirpSamples(0, RATE))).toBeNull();
  });
});
