import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { appClient } from '../lib/app-client';
import {
  controller,
  playFromTop,
  roomWithClickTrack,
  untilReady,
  type Room,
} from '../lib/click-room';
import { checkClickFinder } from '../lib/click-check';
import { clickTrain, type ClickTrain } from '../lib/click-train';
import { checkDelayProxy, startDelayProxy } from '../lib/delay-proxy';
import { launchListener, openSignedIn, snapshot } from '../lib/listeners';
import { loadNow, startCpuHog } from '../lib/cpu-hog';
import { resultsDir } from '../lib/paths';
import { SINK_A, SINK_B, speakerBench, startPulse, type Pulse } from '../lib/pulse';
import { startAppServer, stopServer } from '../lib/servers';
import { driftFigures, reportRun, type RunReport } from '../lib/sync-report';
import { combineRuns } from '../lib/sync-repeats';
import { measureRun, serverClockNow } from '../lib/sync-run';

const PORT = 39_500;
const BASE = `http://127.0.0.1:${PORT}`;
/**
 * The runs on loopback and through the proxy, and the long run that shows drift (seconds);
 * `BENCH_SYNC_SHORT_S` and `BENCH_SYNC_DRIFT_S` shorten them for a quick look.
 */
const SHORT_RUN_S = Number(process.env.BENCH_SYNC_SHORT_S ?? 60);
/** The drift run runs once, after the repeats; 0 leaves it out. */
const DRIFT_RUN_S = Number(process.env.BENCH_SYNC_DRIFT_S ?? 600);
/** How many times each kind of short run is made: the spread counts, not the best run. */
const REPEATS = Math.max(1, Number(process.env.BENCH_SYNC_REPEATS ?? 5));
/** A late-join run records A alone this long (its place before the join) before B opens. */
const JOIN_AFTER_S = 6;
/** The click track outlasts the longest run (a late join's included). */
const TRACK_S = Math.max(DRIFT_RUN_S, SHORT_RUN_S + JOIN_AFTER_S + 60) + 30;
const PROXY = { delayMs: 40, jitterMs: 10 };
const TARGET_P95_LOOPBACK_MS = 2;
const TARGET_P95_PROXY_MS = 5;
const TARGET_P95_BUSY_MS = 5;
/**
 * Chromium's output buffer, in frames. Its default (about 10 ms) underruns on a loaded 2-core
 * machine, and each underrun shifts the music for real (seen here: hundreds of ms within 30 s);
 * a larger buffer keeps the output whole, and the engine must account for its latency.
 */
const AUDIO_BUFFER_FRAMES = 4096;
const READY_TIMEOUT_MS = 120_000;

const app = appClient(BASE);

type Setup = {
  pulse: Pulse;
  train: ClickTrain;
  room: Room;
  send: ReturnType<typeof controller>;
  owner: Page;
  listener: Browser;
};

/** Waits until the page says it plays in sync (A settled before B joins). */
async function untilInSync(page: Page): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while ((await snapshot(page).catch(() => null))?.state !== 'inSync') {
    if (Date.now() > deadline) throw new Error(`${page.url()} never said "in sync"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One run, B's page opened at `base`: the room played from the top with B's page open. */
async function playRun(setup: Setup, base: string, seconds: number, prefix: string) {
  const { room, send } = setup;
  const b = await openSignedIn(setup.listener, `${base}/room/${room.roomUrl}`, room.memberCookie);
  try {
    await Promise.all([untilReady(setup.owner, READY_TIMEOUT_MS), untilReady(b, READY_TIMEOUT_MS)]);
    const heard = await measureRun({
      pulse: setup.pulse,
      train: setup.train,
      a: setup.owner,
      seconds,
      begin: async () => {
        const beganAt = serverClockNow();
        return { b, timeline: await playFromTop(send), beganAt };
      },
    });
    await send({ type: 'pause' });
    return reportRun(heard, setup.train, prefix);
  } finally {
    await b.context().close();
  }
}

/**
 * One late-join run: the room played from the top with A's page alone; once A says it is in sync
 * the recording starts, and after `JOIN_AFTER_S` of it B's page opens the playing room.
 */
async function joinRun(setup: Setup, base: string, seconds: number, prefix: string) {
  const { room, send } = setup;
  await untilReady(setup.owner, READY_TIMEOUT_MS);
  const timeline = await playFromTop(send);
  let b: Page | null = null;
  try {
    await untilInSync(setup.owner);
    const heard = await measureRun({
      pulse: setup.pulse,
      train: setup.train,
      a: setup.owner,
      seconds,
      begin: async () => {
        await new Promise((resolve) => setTimeout(resolve, JOIN_AFTER_S * 1000));
        const beganAt = serverClockNow();
        const url = `${base}/room/${room.roomUrl}`;
        b = await openSignedIn(setup.listener, url, room.memberCookie);
        return { b, timeline, beganAt };
      },
    });
    return reportRun(heard, setup.train, prefix, true);
  } finally {
    await send({ type: 'pause' });
    await (b as Page | null)?.context().close();
  }
}

/** A run whose failure is reported as its figure, so that the other runs still count. */
async function attempt(prefix: string, measured: () => Promise<RunReport>) {
  try {
    return await measured();
  } catch (error) {
    return { [`${prefix}Failed`]: error instanceof Error ? error.message : String(error) };
  }
}

type Kind = { prefix: string; join: boolean; proxy: boolean; busy: boolean };

/** The kinds of run, each repeated `REPEATS` times; `BENCH_SYNC_KINDS` picks some by prefix. */
const KINDS: Kind[] = [
  { prefix: 'loopback', join: false, proxy: false, busy: false },
  { prefix: 'lateJoin', join: true, proxy: false, busy: false },
  { prefix: 'proxy', join: false, proxy: true, busy: false },
  { prefix: 'busyLoopback', join: false, proxy: false, busy: true },
  { prefix: 'busyLateJoin', join: true, proxy: false, busy: true },
  { prefix: 'busyProxy', join: false, proxy: true, busy: true },
];
const CHOSEN = process.env.BENCH_SYNC_KINDS?.split(',').map((name) => name.trim());
const kinds = KINDS.filter((kind) => !CHOSEN || CHOSEN.includes(kind.prefix));

/**
 * One run of a kind, with the CPU hog running from before B's page opens (and, for a late join,
 * before the room plays: the join is then the only new thing) and the load average around it.
 */
async function runOnce(setup: Setup, kind: Kind, proxyPort: number) {
  const base = kind.proxy ? `http://127.0.0.1:${proxyPort}` : BASE;
  const loadBefore = loadNow();
  const hog = kind.busy ? startCpuHog() : null;
  const measured = kind.join ? joinRun : playRun;
  const report = await attempt(kind.prefix, () =>
    measured(setup, base, SHORT_RUN_S, kind.prefix),
  ).finally(() => hog?.stop());
  const figures = figuresOf(report);
  const load = `${loadBefore} → ${loadNow()}`;
  return { report, figures: { ...figures, [`${kind.prefix}Load1m`]: load } };
}

const figuresOf = (report: RunReport | Record<string, string>): Record<string, number | string> =>
  'figures' in report ? (report as RunReport).figures : report;

/** A line of progress for each run (the whole bench takes most of an hour). */
function logRun(prefix: string, repeat: number, figures: Record<string, number | string>) {
  const shown = ['ABP95Ms', 'InSyncForGoodS', 'AMovedMaxMs', 'ABackWithin2MsS', 'Load1m', 'Failed']
    .filter((name) => `${prefix}${name}` in figures)
    .map((name) => `${name} ${figures[`${prefix}${name}`]}`);
  console.log(`    ${prefix} #${repeat + 1}: ${shown.join(', ')}`);
}

/**
 * Every kind of run `REPEATS` times, the kinds taking turns (a slow stretch of a shared machine
 * then falls on every kind alike), and the drift run once at the end.
 */
async function runAll(setup: Setup) {
  const proxy = await startDelayProxy({ target: PORT, ...PROXY });
  const runs = new Map<string, { reports: unknown[]; figures: Record<string, number | string>[] }>(
    kinds.map((kind) => [kind.prefix, { reports: [], figures: [] }]),
  );
  try {
    for (let repeat = 0; repeat < REPEATS; repeat += 1) {
      for (const kind of kinds) {
        const { report, figures } = await runOnce(setup, kind, proxy.port);
        runs.get(kind.prefix)!.reports.push(report);
        runs.get(kind.prefix)!.figures.push(figures);
        logRun(kind.prefix, repeat, figures);
      }
    }
  } finally {
    await proxy.close();
  }
  const long =
    DRIFT_RUN_S > 0
      ? await attempt('drift', () => playRun(setup, BASE, DRIFT_RUN_S, 'drift'))
      : null;
  const detail = Object.fromEntries([...runs].map(([prefix, { reports }]) => [prefix, reports]));
  fs.writeFileSync(
    path.join(resultsDir, 'player-sync-detail.json'),
    `${JSON.stringify({ ...detail, drift: long }, null, 1)}\n`,
  );
  const targets: Record<string, number> = {
    loopbackABP95TargetMs: TARGET_P95_LOOPBACK_MS,
    lateJoinABP95TargetMs: TARGET_P95_LOOPBACK_MS,
    proxyABP95TargetMs: TARGET_P95_PROXY_MS,
    busyLoopbackABP95TargetMs: TARGET_P95_BUSY_MS,
    busyLateJoinABP95TargetMs: TARGET_P95_BUSY_MS,
    busyProxyABP95TargetMs: TARGET_P95_BUSY_MS,
  };
  return {
    ...Object.fromEntries(
      [...runs].flatMap(([prefix, { figures }]) => [
        ...Object.entries(combineRuns(prefix, figures)),
        [`${prefix}ABP95TargetMs`, targets[`${prefix}ABP95TargetMs`]!],
      ]),
    ),
    ...(long ? figuresOf(long) : {}),
    ...(long && 'figures' in long ? driftFigures(long as RunReport, 'drift') : {}),
  };
}

async function measure(dir: string) {
  checkClickFinder();
  await checkDelayProxy();
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
    browsers.push(await launchListener(SINK_B, pulse.env, AUDIO_BUFFER_FRAMES));
    const owner = await openSignedIn(
      browsers[0]!,
      `${BASE}/room/${room.roomUrl}`,
      room.ownerCookie,
    );
    const figures = await runAll({ pulse, train, room, send, owner, listener: browsers[1]! });
    return {
      shortRunS: SHORT_RUN_S,
      repeats: REPEATS,
      kinds: kinds.map((kind) => kind.prefix).join(', '),
      busyLoad: `one spinning Node process per core (${os.availableParallelism()})`,
      driftRunS: DRIFT_RUN_S,
      proxyDelay: `${PROXY.delayMs} ± ${PROXY.jitterMs} ms each way`,
      chromiumAudioBufferFrames: AUDIO_BUFFER_FRAMES,
      ...figures,
    };
  } finally {
    await Promise.all(browsers.map((browser) => browser.close()));
    await pulse.stop();
    await stopServer(server);
  }
}

export const playerSyncBench = speakerBench(
  'player-sync',
  `two Chromium speakers in one room, recorded and cross-correlated: |A−B| and each against the server, on loopback, B joining a room A plays, and through a ${PROXY.delayMs} ± ${PROXY.jitterMs} ms proxy, quiet and with the CPU busy (${SHORT_RUN_S} s each, ${REPEATS}× each), drift over ${DRIFT_RUN_S / 60} min`,
  measure,
);
