import { describe, expect, it } from 'vitest';
import { Program } from './program';
import { fakeContext, fakeTrack, settle, type FakeContext } from './fake-audio.test-support';
import { trackId } from '../player-fixtures.test-support';

/** A program of a 40 s track (four 10 s segments) that comes in at context time 1, from 0. */
async function playing(fake: FakeContext) {
  const track = fakeTrack(4);
  const master = fake.context.createGain();
  const program = new Program(() => ({ context: fake.context, master }), track.open);
  const lane = program.laneFor(trackId('t1'), 40_000);
  await lane.loadAt(0);
  program.begin(1, 0);
  for (let i = 0; i < 3; i += 1) {
    expect(program.schedule(fake.context, fake.currentTime)).toEqual({ kind: 'ok' });
    await settle();
  }
  return { program, loads: track.loads };
}

const startsOf = (fake: FakeContext) =>
  fake.sources.map((source) => [source.buffer?.index, source.started?.when]);

describe('the program on the audio clock', () => {
  it('plays a segment that has ended once, and goes on with the next', async () => {
    const fake = fakeContext();
    const { program, loads } = await playing(fake);
    expect(startsOf(fake)).toEqual([
      [0, 1],
      [1, 11],
    ]);
    fake.currentTime = 11.5;
    fake.sources[0]!.end();
    for (let i = 0; i < 3; i += 1) {
      expect(program.schedule(fake.context, fake.currentTime)).toEqual({ kind: 'ok' });
      await settle();
    }
    expect(startsOf(fake)).toEqual([
      [0, 1],
      [1, 11],
      [2, 21],
    ]);
    expect(loads[0]).toBe(1);
  });

  it('lets every segment play again once stopped and begun anew', async () => {
    const fake = fakeContext();
    const { program } = await playing(fake);
    fake.currentTime = 11.5;
    fake.sources[0]!.end();
    program.stop();
    await program.lanes[0]!.loadAt(0);
    program.begin(12, 0);
    expect(program.schedule(fake.context, fake.currentTime)).toEqual({ kind: 'ok' });
    expect(startsOf(fake).slice(2)).toEqual([
      [0, 12],
      [1, 22],
    ]);
  });

  it('makes the playing node follow a nudge that begins now', async () => {
    const fake = fakeContext();
    const { program } = await playing(fake);
    fake.currentTime = 5;
    program.nudge(5, 0.995, 2);
    expect(fake.sources[0]!.rates).toEqual([
      { rate: 1, at: 0 },
      { rate: 0.995, at: 5 },
      { rate: 1, at: 7 },
    ]);
    // The next segment, not begun yet, is scheduled again 10 ms later.
    program.schedule(fake.context, fake.currentTime);
    const next = fake.sources.filter((source) => source.buffer?.index === 1 && !source.stopped);
    expect(next.map((source) => source.started?.when)).toEqual([11 + 0.01]);
  });

  it('cancels what a replaced nudge had still to change on the playing node', async () => {
    const fake = fakeContext();
    const { program } = await playing(fake);
    fake.currentTime = 5;
    program.nudge(5, 0.995, 2);
    // A newer nudge at 6, longer than what is left of the first: the first's end at 7 is gone.
    fake.currentTime = 6;
    program.nudge(6, 1.01, 1.5);
    expect(fake.sources[0]!.rates).toEqual([
      { rate: 1, at: 0 },
      { rate: 0.995, at: 5 },
      { rate: 1.01, at: 6 },
      { rate: 1, at: 7.5 },
    ]);
  });
});
