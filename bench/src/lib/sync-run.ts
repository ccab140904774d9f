import type { Page } from 'playwright-core';
import { epochOfMonotonic } from '../../../server/src/services/server-clock';
import type { ClickTrain } from './click-train';
import { findClicks, matchClicks, type MatchedClick } from './click-locate';
import { watchSnapshots, type Reading } from './listeners';
import { recordingClock, recordSpeakers, roomSinkLatencyUs, type Pulse } from './pulse';
import type { Timeline } from './sync-figures';

/**
 * One measured stretch of playback: both speakers recorded and both pages' snapshots read while
 * the room plays, then the clicks each speaker played found in the recording.
 */

/** Now on the server's timeline (the same clock pinning as the server's, on this machine). */
export const serverClockNow = () => epochOfMonotonic(process.hrtime.bigint());

const SNAPSHOT_EVERY_MS = 250;

export type Heard = {
  /** The clicks each speaker played, matched to the track's. */
  a: MatchedClick[];
  b: MatchedClick[];
  /** The server instant (epoch ms) a recorded frame was played at. */
  epochOf: (frame: number) => number;
  /** Each page's snapshots, read every 250 ms. */
  readingsA: Reading[];
  readingsB: Reading[];
  /** When the play command was sent (epoch ms) and the timeline it set. */
  playSentAt: number;
  timeline: Timeline;
  frames: number;
  /**
   * The null sink's configured latency halfway through, in ms: it renders (and so the recorder
   * hears) up to this long before a frame is played, the bound of `epochOf`'s error.
   */
  sinkLatencyMs: number | null;
};

export type RunOptions = {
  pulse: Pulse;
  train: ClickTrain;
  pages: { a: Page; b: Page };
  seconds: number;
  /** Starts the room playing from the top; answers the timeline the server set. */
  play: () => Promise<Timeline>;
};

/** Records and watches while the room plays for `seconds`, then finds what each speaker played. */
export async function measureRun(options: RunOptions): Promise<Heard> {
  const { pulse, train, pages } = options;
  const recorder = recordSpeakers(pulse);
  const watchA = watchSnapshots(pages.a, SNAPSHOT_EVERY_MS, serverClockNow);
  const watchB = watchSnapshots(pages.b, SNAPSHOT_EVERY_MS, serverClockNow);
  const playSentAt = serverClockNow();
  const timeline = await options.play();
  const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await wait(options.seconds / 2);
  const sink = roomSinkLatencyUs(pulse);
  await wait(options.seconds / 2);
  const [recording, readingsA, readingsB] = await Promise.all([
    recorder.stop(),
    watchA.stop(),
    watchB.stop(),
  ]);
  const find = (channel: Int16Array) =>
    matchClicks(findClicks(channel, train.shape, train.sampleRate), train.starts);
  return {
    a: find(recording.left),
    b: find(recording.right),
    epochOf: recordingClock(recording.arrivals, train.sampleRate, epochOfMonotonic),
    readingsA,
    readingsB,
    playSentAt,
    timeline,
    frames: recording.left.length,
    sinkLatencyMs: sink ? sink.configured / 1000 : null,
  };
}
