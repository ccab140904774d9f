import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { appClient } from '../lib/app-client';
import { checkClickFinder } from '../lib/click-check';
import {
  controller,
  playFromTop,
  roomWithClickTrack,
  untilReady,
  type Room,
} from '../lib/click-room';
import { clickTrain, type ClickTrain } from '../lib/click-train';
import {
  launchListener,
  openSignedIn,
  snapshot,
  watchSnapshots,
  type Reading,
} from '../lib/listeners';
import { resultsDir } from '../lib/paths';
import {
  SINK_A,
  SINK_B,
  delayedSpeaker,
  fixedDelayMissing,
  fixedDelaySpeaker,
  speakerBench,
  roomMicrophone,
  startPulse,
  type HiddenDelaySpeaker,
  type Pulse,
} from '../lib/pulse';
import { startAppServer, stopServer } from '../lib/servers';
import { reportRun, type RunReport } from '../lib/sync-report';
import { measureRun, serverClockNow } from '../lib/sync-run';

const PORT = 39_520;
const BASE = `http://127.0.0.1:${PORT}`;
/** The delays B's speaker adds unseen, one run each, spread over what real devices add. */
const HIDDEN_DELAYS_MS = [40, 105, 170, 235, 300];
/**
 * How long |A−B| is heard before and after calibrating (seconds); `BENCH_CALIBRATION_S`
 * shortens or lengthens the one after.
 */
const BEFORE_S = 8;
const AFTER_S = Number(process.env.BENCH_CALIBRATION_S ?? 30);
/** Every run plays the click train from its top: it outlasts one run. */
const TRACK_S = BEFORE_S + AFTER_S + 90;
/**
 * Calibrations in a row per run (`BENCH_CALIBRATION_ROUNDS`, default 1): each after the first
 * measures what the one before left, so their spread is the measurement's own.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_CALIBRATION_ROUNDS ?? 1));
const TARGET_AFTER_P95_MS = 2;
const TARGET_CALIBRATION_S = 10;
/** As in player-sync: a smaller output buffer underruns on a loaded 2-core machine. */
const AUDIO_BUFFER_FRAMES = 4096;
const READY_TIMEOUT_MS = 120_000;
const RESULT_TIMEOUT_MS = 60_000;

/**
 * The stand-ins for B's late speaker, each a sink B's browser plays into whose sound reaches
 * speaker B later than the browser knows: `fixed`, a delay line that holds its delay to the
 * sample, as a Bluetooth speaker roughly does; `loopback`, `module-loopback`, whose latency
 * wanders by a few ms. `BENCH_CALIBRATION_SPEAKERS` names those to run (default: both).
 */
const SPEAKERS = {
  fixed: (pulse: Pulse) => fixedDelaySpeaker(pulse, 'bench_speaker_b_fixed', SINK_B),
  loopback: (pulse: Pulse) => delayedSpeaker(pulse, 'bench_speaker_b_hidden', SINK_B),
} satisfies Record<string, (pulse: Pulse) => HiddenDelaySpeaker>;
type SpeakerKind = keyof typeof SPEAKERS;

/** The stand-ins asked for, in a fixed order; an unknown name fails at once. */
function speakerKinds(): SpeakerKind[] {
  const asked = (process.env.BENCH_CALIBRATION_SPEAKERS ?? 'fixed,loopback')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = asked.filter((name) => !(name in SPEAKERS));
  if (unknown.length > 0) {
    throw new Error(`BENCH_CALIBRATION_SPEAKERS: unknown ${unknown.join(', ')} (fixed, loopback)`);
  }
  return (Object.keys(SPEAKERS) as SpeakerKind[]).filter((kind) => asked.includes(kind));
}

const app = appClient(BASE);

/**
 * Each run's report of the stretch heard after calibrating (every figure, the 1-s windows of
 * |A−B|, the trace), and what both pages said of themselves while B calibrated (snapshots and
 * output stamps), for whoever looks into a p95 above the target: written beside the figures.
 */
const details: Record<
  string,
  { duringCalibration: { readingsA: Reading[]; readingsB: Reading[] }; after: RunReport }
> = {};
/** How often both pages are read while B calibrates (ms). */
const CALIBRATION_WATCH_MS = 100;

type Setup = {
  pulse: Pulse;
  train: ClickTrain;
  room: Room;
  send: ReturnType<typeof controller>;
  owner: Page;
  /** Starts B's browser, playing into the stand-in's sink as it is now. */
  launchB: () => Promise<Browser>;
  hidden: HiddenDelaySpeaker;
};

/** What the calibrate control ended with: its message, and how long it took (s). */
async function calibrateAsAPerson(page: Page): Promise<{ said: string; seconds: number }> {
  await page.getByRole('region', { name: 'Player' }).getByRole('status').click();
  const popover = page.getByRole('dialog');
  const started = Date.now();
  await popover.getByRole('button', { name: 'Calibrate by listening' }).click();
  const result = popover.getByText(
    /This device was|not heard|No other device|not ready|not allowed|could not/,
  );
  await result.waitFor({ timeout: RESULT_TIMEOUT_MS });
  const seconds = (Date.now() - started) / 1000;
  const said = (await result.textContent()) ?? '';
  await page.keyboard.press('Escape');
  return { said, seconds };
}

/** The |A−B| figures of a measured stretch, under `prefix`. */
function gapFigures(figures: Record<string, number | string>, from: string, prefix: string) {
  const pick = (name: string) => figures[`${from}${name}`] ?? 'none';
  return {
    [`${prefix}P50Ms`]: pick('ABP50Ms'),
    [`${prefix}P95Ms`]: pick('ABP95Ms'),
    [`${prefix}SignedMs`]: pick('ABMedianSignedMs'),
  };
}

/** One run: B's speaker `delayMs` late, heard before, calibrated by listening, heard after. */
async function run(setup: Setup, kind: SpeakerKind, delayMs: number) {
  const prefix = `${kind}Hidden${delayMs}`;
  const { room, send, pulse, train, owner } = setup;
  setup.hidden.setDelay(delayMs);
  // A new browser each run: its stored delay starts at 0, and its sound goes to the sink as it
  // is now. With one browser for every run, the fixed stand-in's runs after the first heard no
  // delay at all: reloading the sink moves the streams on it elsewhere, and the browser went
  // on playing in one (it seems to keep its output stream from page to page).
  const browser = await setup.launchB();
  const b = await openSignedIn(browser, `${BASE}/room/${room.roomUrl}`, room.memberCookie);
  try {
    await Promise.all([untilReady(owner, READY_TIMEOUT_MS), untilReady(b, READY_TIMEOUT_MS)]);
    // Each measured stretch plays the room from the top, both pages watched from that instant.
    const fromTheTop = async () => {
      const beganAt = serverClockNow();
      return { b, timeline: await playFromTop(send), beganAt };
    };
    const run = (seconds: number) =>
      measureRun({ pulse, train, a: owner, seconds, begin: fromTheTop });
    const before = await run(BEFORE_S);
    const calibrations = [];
    const delaysSet = [];
    // Both pages watched while B calibrates: whether its output moved under the microphone.
    const watchA = watchSnapshots(owner, CALIBRATION_WATCH_MS, serverClockNow);
    const watchB = watchSnapshots(b, CALIBRATION_WATCH_MS, serverClockNow);
    for (let round = 0; round < ROUNDS; round += 1) {
      calibrations.push(await calibrateAsAPerson(b));
      delaysSet.push((await snapshot(b))?.outputDelayMs ?? 'none');
    }
    const duringCalibration = { readingsA: await watchA.stop(), readingsB: await watchB.stop() };
    const after = await run(AFTER_S);
    const afterReport = reportRun(after, train, 'x');
    details[prefix] = { duringCalibration, after: afterReport };
    return {
      ...gapFigures(reportRun(before, train, 'x').figures, 'x', `${prefix}BeforeAB`),
      [`${prefix}CalibrationS`]: Math.round(calibrations[0]!.seconds * 10) / 10,
      [`${prefix}CalibrationSaid`]: calibrations.map(({ said }) => said).join(' | '),
      [`${prefix}DelaySetMs`]: ROUNDS === 1 ? delaysSet[0]! : delaysSet.join(', '),
      ...gapFigures(afterReport.figures, 'x', `${prefix}AfterAB`),
    };
  } catch (error) {
    return { [`${prefix}Failed`]: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser.close();
  }
}

/** The worst p95 of |A−B| after calibrating over a stand-in's runs, beside the target. */
function worstAfter(kind: SpeakerKind, runs: readonly Record<string, number | string>[]) {
  const p95s = runs.flatMap((figures) =>
    Object.entries(figures)
      .filter(([name, value]) => name.endsWith('AfterABP95Ms') && typeof value === 'number')
      .map(([, value]) => value as number),
  );
  return {
    [`${kind}AfterABP95WorstMs`]: p95s.length > 0 ? Math.max(...p95s) : 'none',
    [`${kind}RunsMeasured`]: p95s.length,
  };
}

async function measure(dir: string) {
  checkClickFinder();
  const train = clickTrain(TRACK_S);
  const server = await startAppServer(path.join(dir, 'data'), PORT);
  const pulse = await startPulse(path.join(dir, 'pulse'));
  const browsers: Browser[] = [];
  try {
    const { trackId, ...room } = await roomWithClickTrack(app, train);
    const send = controller(app, room);
    await send({ type: 'select', trackId });
    await send({ type: 'pause' });
    browsers.push(await launchListener(SINK_A, pulse.env, AUDIO_BUFFER_FRAMES));
    // B calibrates: its microphone hears the whole room, and it may use it without asking.
    const micOfB = {
      args: ['--use-fake-ui-for-media-stream'],
      env: { PULSE_SOURCE: roomMicrophone(pulse) },
    };
    const owner = await openSignedIn(
      browsers[0]!,
      `${BASE}/room/${room.roomUrl}`,
      room.ownerCookie,
    );
    let figures: Record<string, number | string> = {};
    for (const kind of speakerKinds()) {
      const missing = kind === 'fixed' ? fixedDelayMissing() : null;
      if (missing) {
        console.log(`  ${kind} speaker skipped: ${missing}`);
        figures = { ...figures, [`${kind}Skipped`]: missing };
        continue;
      }
      const hidden = SPEAKERS[kind](pulse);
      // B's browser plays into this stand-in's sink (PULSE_SINK is read at launch).
      const launchB = () => launchListener(hidden.sink, pulse.env, AUDIO_BUFFER_FRAMES, micOfB);
      const setup = { pulse, train, room, send, owner, launchB, hidden };
      const runs: Record<string, number | string>[] = [];
      for (const delayMs of HIDDEN_DELAYS_MS) runs.push(await run(setup, kind, delayMs));
      figures = { ...figures, ...Object.assign({}, ...runs), ...worstAfter(kind, runs) };
    }
    await send({ type: 'pause' });
    fs.writeFileSync(
      path.join(resultsDir, 'output-calibration-detail.json'),
      `${JSON.stringify(details, null, 1)}\n`,
    );
    return {
      afterSeconds: AFTER_S,
      afterABP95TargetMs: TARGET_AFTER_P95_MS,
      calibrationTargetS: TARGET_CALIBRATION_S,
      ...figures,
      loadavg: os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' '),
    };
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await pulse.stop();
    await stopServer(server);
  }
}

export const outputCalibrationBench = speakerBench(
  'output-calibration',
  `a speaker with a hidden delay (${HIDDEN_DELAYS_MS.join(', ')} ms; a fixed delay line and a module-loopback) calibrated by listening to the room through a microphone: |A−B| before and after, and how long it took`,
  measure,
);
