import { describe, expect, it } from 'vitest';
import { normalizationGain, volumeGain } from './loudness';

describe('volume', () => {
  it('brings a loud track down and a quiet one up towards −14 LUFS', () => {
    expect(normalizationGain(-8, true)).toBeCloseTo(10 ** (-6 / 20), 9);
    expect(normalizationGain(-17, true)).toBeCloseTo(10 ** (3 / 20), 9);
  });

  it('limits the boost and the cut', () => {
    expect(normalizationGain(-40, true)).toBeCloseTo(10 ** (6 / 20), 9);
    expect(normalizationGain(5, true)).toBeCloseTo(10 ** (-12 / 20), 9);
  });

  it('leaves a track as it is when switched off or never measured', () => {
    expect(normalizationGain(-8, false)).toBe(1);
    expect(normalizationGain(null, true)).toBe(1);
  });

  it('mutes, and shapes the slider so its middle is a quarter of the power', () => {
    expect(volumeGain(0.8, true)).toBe(0);
    expect(volumeGain(0.5, false)).toBe(0.25);
    expect(volumeGain(2, false)).toBe(1);
  });
});
