import { describe, expect, it } from 'vitest';
import { DEFAULT_OUTPUT } from './output-delay';
import { outputKeyOf } from './output-key';

const contextWithSink = (sinkId: unknown) => ({ sinkId }) as unknown as AudioContext;

describe('the audio output a delay is kept for', () => {
  it('is the output the browser names, else the default one', () => {
    expect(outputKeyOf(contextWithSink('bt-speaker-7f3a'))).toBe('bt-speaker-7f3a');
    expect(outputKeyOf(contextWithSink(''))).toBe(DEFAULT_OUTPUT);
    // A silent sink is an object, and older browsers have no sinkId at all.
    expect(outputKeyOf(contextWithSink({ type: 'none' }))).toBe(DEFAULT_OUTPUT);
    expect(outputKeyOf({} as AudioContext)).toBe(DEFAULT_OUTPUT);
    expect(outputKeyOf(null)).toBe(DEFAULT_OUTPUT);
  });
});
