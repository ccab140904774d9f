// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT, clampOutputDelay, outputDelays } from './output-delay';

afterEach(() => localStorage.clear());

describe('output delay kept per audio output', () => {
  it('is kept for each output apart and read back', () => {
    outputDelays.set('Bluetooth speaker', { ms: 187, source: 'calibrated' });
    outputDelays.set(DEFAULT_OUTPUT, { ms: 12, source: 'tapped' });

    expect(outputDelays.get('Bluetooth speaker')).toEqual({ ms: 187, source: 'calibrated' });
    expect(outputDelays.get(DEFAULT_OUTPUT)).toEqual({ ms: 12, source: 'tapped' });
    expect(outputDelays.get('USB DAC')).toEqual({ ms: 0, source: 'manual' });
  });

  it('keeps whole milliseconds within −50…+500 and tells its listeners', () => {
    let told = 0;
    const stop = outputDelays.subscribe(() => told++);
    outputDelays.set(DEFAULT_OUTPUT, { ms: 900.4, source: 'manual' });
    stop();
    outputDelays.set(DEFAULT_OUTPUT, { ms: -80, source: 'manual' });

    expect(told).toBe(1);
    expect(outputDelays.get(DEFAULT_OUTPUT).ms).toBe(-50);
    expect(clampOutputDelay(12.6)).toBe(13);
    expect(clampOutputDelay(Number.NaN)).toBe(0);
  });

  it('ignores stored values that are not a delay', () => {
    localStorage.setItem(
      'music-rooms:output-delay',
      JSON.stringify({ a: { ms: 'x', source: 'manual' }, b: { ms: 40, source: 'guess' } }),
    );
    expect(outputDelays.get('a').ms).toBe(0);
    expect(outputDelays.get('b').ms).toBe(0);
    localStorage.setItem('music-rooms:output-delay', '{not json');
    expect(outputDelays.get('a').ms).toBe(0);
  });
});
