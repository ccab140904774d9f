import type { Page } from 'playwright-core';
import { epochOfMonotonic } from '../../../server/src/services/server-clock';
import type { ClickTrain } from './click-train';
import { findClicks, matchClicks, type MatchedClick } from './click-locate';
import {
  outputStampsOf,
  pageMarksOf,
  watchSnapshots,
  type OutputStamp,
  type PageMarks,
  type Reading,
} from './listeners';
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
  /** Every output stamp each page's context gave, from its start to the end of the run. */
  stampsA: OutputStamp[];
  stampsB: OutputStamp[];
  /** Where B's page's time went up to its first sound. */
  marksB: PageMarks | null;
  /** When what is measured began (epoch ms: the play command sent, or B's page opened). */
  beganAt: number;
  /** The room's timeline during the run. */
  timeline: Timeline;
  frames: number;
  /**
   * The null sink's configured latency halfway through, in ms: it renders (and so the recorder
   * hears) up to this long before a frame is played, the bound of `epochOf`'s error.
   */
  sinkLatencyMs: number | null;
};

/** What `begin` set going: B's page (watched from then on), the room's timeline, and when. */
export type Began = { b: Page; timeline: Timeline; beganAt: number };

export type RunOptions = {
  pulse: Pulse;
  train: ClickTrain;
  /** A's page, watched from the start of the recording. */
  a: Page;
  /** How long to record after `begin` answers. */
  seconds: number;
  /**
   * Starts what is measured while both speakers are recorded: the room playing from the top, or
   * B joining a room A already plays (after a stretch of A alone).
   */
  begin: () => Promise<Began>;
};

/** Records and watches while the room plays for `seconds`, then finds what each speaker played. */
export async function measureRun(options: RunOptions): Promise<Heard> {
  const { pulse, train } = options;
  const recorder = recordSpeakers(pulse);
  const watchA = watchSnapshots(options.a, SNAPSHOT_EVERY_MS, serverClockNow);
  const { b, timeline, beganAt } = await options.begin();
  const watchB = watchSnapshots(b, SNAPSHOT_EVERY_MS, serverClockNow);
  const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  await wait(options.seconds / 2);
  const sink = roomSinkLatencyUs(pulse);
  await wait(options.seconds / 2);
  const [recording, readingsA, readingsB] = await Promise.all([
    recorder.stop(),
    watchA.stop(),
    watchB.stop(),
  ]);
  const noStamps = () => [];
  const stampsA = await outputStampsOf(options.a, serverClockNow).catch(noStamps);
  const stampsB = await outputStampsOf(b, serverClockNow).catch(noStamps);
  const marksB = await pageMarksOf(b, serverClockNow).catch(() => null);
  const find = (channel: Int16Array) =>
    matchClicks(findClicks(channel, train.shape, train.sampleRate), train.starts);
  return {
    a: find(recording.left),
    b: find(recording.right),
    epochOf: recordingClock(recording.arrivals, train.sampleRate, epochOfMonotonic),
    readingsA,
    readingsB,
    stampsA,
    stampsB,
    marksB,
    beganAt,
    timeline,
    frames: recording.left.length,
    sinkLatencyMs: sink ? sink.configured / 1000 : null,
  };
}
