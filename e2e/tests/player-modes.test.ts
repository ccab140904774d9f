import { describe, expect } from '../src/fixtures';
import {
  IN_STEP_S,
  heardInStep,
  playerBar,
  recorded,
  startRecording,
  twoInRoom,
  type RecordedShot,
  type Snapshot,
  type ToneTrack,
  audioTest as test,
} from './support/player';

const TRACK_S = 4;
/** Short tracks, so the end of one comes soon. */
const SHORT_TRACKS: readonly ToneTrack[] = [
  { file: 'Alpha - First.wav', seconds: TRACK_S, frequency: 440 },
  { file: 'Beta - Second.wav', seconds: TRACK_S, frequency: 660 },
];

/** How many times the heard position went back to the start. */
const restarts = (samples: Snapshot[]) =>
  samples.filter((shot, i) => i > 0 && shot.position! < samples[i - 1]!.position! - 1).length;

/**
 * The largest step between two samples on one line: each sample's position less the page's own
 * clock (`performance.now()`), plus a track's length for every time the track began again
 * before it. Music that plays on without a gap stays on the line (slowly moved by the engine's
 * rate nudges at most); a gap or a jump steps off it. The page's estimate of the server's clock
 * is left out: a better estimate arriving (the clock probes for ten seconds after the pages
 * open) moves where the page says the room is, not the music. Answers the step and the samples
 * either side of it, which say on failure where it was.
 */
function largestStep(samples: RecordedShot[]): { step: number; around: RecordedShot[] } {
  let loops = 0;
  const line = samples.map((shot, i) => {
    if (i > 0 && shot.position! < samples[i - 1]!.position! - 1) loops += 1;
    return shot.position! - shot.readAt / 1000 + loops * TRACK_S;
  });
  const steps = line.slice(1).map((value, i) => Math.abs(value - line[i]!));
  const at = steps.indexOf(Math.max(...steps));
  return { step: steps[at]!, around: samples.slice(Math.max(0, at - 2), at + 4) };
}

// Spec §2 player bar: repeat and shuffle, for the whole room.
describe('repeat and shuffle', () => {
  test('repeat one starts the same track again at its end, gaplessly, on both pages', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser, { tracks: SHORT_TRACKS });
    await playerBar(ada).getByRole('button', { name: 'Repeat: off' }).click();
    await playerBar(ada).getByRole('button', { name: 'Repeat: all' }).click();
    await playerBar(grace).getByRole('button', { name: 'Repeat: one' }).waitFor();

    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    const [first] = await heardInStep(ada, grace, TRACK_S);
    await Promise.all([startRecording(ada), startRecording(grace)]);
    // The track ends twice, on both pages.
    const fewestRestarts = async () =>
      Math.min(restarts(await recorded(ada)), restarts(await recorded(grace)));
    await expect.poll(fewestRestarts, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

    for (const [name, page] of Object.entries({ ada, grace })) {
      const samples = await recorded(page);
      // Heard all the way, the same track: the music never stopped to start again.
      expect(samples.filter((shot) => shot.position === null)).toEqual([]);
      expect(new Set(samples.map((shot) => shot.trackId))).toEqual(new Set([first.trackId]));
      const { step, around } = largestStep(samples);
      expect(step, `${name}: ${JSON.stringify(around)}`).toBeLessThan(IN_STEP_S);
    }
    const [a, g] = await heardInStep(ada, grace, TRACK_S);
    expect(a.trackId).toBe(first.trackId);
    expect(g.trackId).toBe(first.trackId);
  });

  test('shuffle switched on and off reaches the other page', async ({ server, audioBrowser }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    const graceShuffle = (state: 'on' | 'off') =>
      playerBar(grace).getByRole('button', { name: `Shuffle: ${state}` });
    expect(await graceShuffle('off').getAttribute('aria-pressed')).toBe('false');

    await playerBar(ada).getByRole('button', { name: 'Shuffle: off' }).click();
    await graceShuffle('on').waitFor();
    expect(await graceShuffle('on').getAttribute('aria-pressed')).toBe('true');

    await playerBar(ada).getByRole('button', { name: 'Shuffle: on' }).click();
    await graceShuffle('off').waitFor();
    expect(await graceShuffle('off').getAttribute('aria-pressed')).toBe('false');
  });
});
