import { describe, expect, it } from 'vitest';
import { AudioOutput } from './audio-output';
import { fakeContext } from './fake-audio.test-support';

type MadeSource = { offset: { value: number }; to: unknown[]; started: boolean };

describe("the page's audio output", () => {
  it('keeps its output open with a level far below hearing, muted or not', () => {
    const fake = fakeContext();
    const destination = { name: 'speakers' };
    const made: MadeSource[] = [];
    Object.assign(fake.context, {
      destination,
      createConstantSource: () => {
        const source = {
          offset: { value: 1 },
          to: [] as unknown[],
          started: false,
          connect: (to: unknown) => source.to.push(to),
          start: () => (source.started = true),
        };
        made.push(source);
        return source;
      },
    });
    const output = new AudioOutput(
      () => {},
      () => fake.context,
    );
    output.get();
    // Straight to the speakers, not through the music's gain: muted, the output stays open.
    expect(made).toHaveLength(1);
    expect(made[0]!.to).toEqual([destination]);
    expect(made[0]!.started).toBe(true);
    expect(made[0]!.offset.value).toBeGreaterThan(0);
    expect(made[0]!.offset.value).toBeLessThanOrEqual(1e-6);
  });
});
