import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { appClient } from '../lib/app-client';
import { controller, roomWithClickTrack, untilReady, type Room } from '../lib/click-room';
import { checkClickFinder } from '../lib/click-check';
import { clickTrain, type ClickTrain } from '../lib/click-train';
import { checkDelayProxy, startDelayProxy } from '../lib/delay-proxy';
import { launchListener, openSignedIn } from '../lib/listeners';
import { resultsDir } from '../lib/paths';
import { SINK_A, SINK_B, pulseMissing, startPulse, type Pulse } from '../lib/pulse';
import { startAppServer, stopServer } from '../lib/servers';
import { driftFigures, reportRun, type RunReport } from '../lib/sync-report';
import { measureRun } from '../lib/sync-run';
import type { Bench } from '../lib/types';

const PORT = 39_500;
const BASE = `http://127.0.0.1:${PORT}`;
/**
 * The runs on loopback and through the proxy, and the long run that shows drift (seconds);
 * `BENCH_SYNC_SHORT_S` and `BENCH_SYNC_DRIFT_S` shorten them for a quick look.
 */
const SHORT_RUN_S = Number(process.env.BENCH_SYNC_SHORT_S ?? 60);
const DRIFT_RUN_S = Number(process.env.BENCH_SYNC_DRIFT_S ?? 600);
/** The click track outlasts the longest run. */
const TRACK_S = DRIFT_RUN_S + 30;
const PROXY = { delayMs: 40, jitterMs: 10 };
const TARGET_P95_LOOPBACK_MS = 2;
const TARGET_P95_PROXY_MS = 5;
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

/** One run: B's page opened at `base`, the room played from the top for `seconds`. */
async function run(setup: Setup, base: string, seconds: number, prefix: string) {
  const { room, send } = setup;
  const b = await openSignedIn(setup.listener, `${base}/room/${room.roomUrl}`, room.memberCookie);
  try {
    await Promise.all([untilReady(setup.owner, READY_TIMEOUT_MS), untilReady(b, READY_TIMEOUT_MS)]);
    const heard = await measureRun({
      pulse: setup.pulse,
      train: setup.train,
      pages: { a: setup.owner, b },
      seconds,
      play: async () => {
        await send({ type: 'seek', positionMs: 0 });
        const state = await send({ type: 'play' });
        return { positionMs: state.positionMs, atServerMs: state.atServerMs };
      },
    });
    await send({ type: 'pause' });
    return reportRun(heard, setup.train, prefix);
  } finally {
    await b.context().close();
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

/** Every run, one after another, with the pages and the proxy they need. */
async function runAll(setup: Setup) {
  const loopback = await attempt('loopback', () => run(setup, BASE, SHORT_RUN_S, 'loopback'));
  const proxy = await startDelayProxy({ target: PORT, ...PROXY });
  const viaProxy = await attempt('proxy', () =>
    run(setup, `http://127.0.0.1:${proxy.port}`, SHORT_RUN_S, 'proxy'),
  ).finally(() => proxy.close());
  const long = await attempt('drift', () => run(setup, BASE, DRIFT_RUN_S, 'drift'));
  fs.writeFileSync(
    path.join(resultsDir, 'player-sync-detail.json'),
    `${JSON.stringify({ loopback, proxy: viaProxy, drift: long }, null, 1)}\n`,
  );
  const figuresOf = (report: RunReport | Record<string, string>) =>
    'figures' in report ? (report as RunReport).figures : report;
  return {
    ...figuresOf(loopback),
    loopbackABP95TargetMs: TARGET_P95_LOOPBACK_MS,
    ...figuresOf(viaProxy),
    proxyABP95TargetMs: TARGET_P95_PROXY_MS,
    ...figuresOf(long),
    ...('figures' in long ? driftFigures(long as RunReport, 'drift') : {}),
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

export const playerSyncBench: Bench = {
  name: 'player-sync',
  description: `two Chromium speakers in one room, recorded and cross-correlated: |A−B| and each against the server, on loopback and through a ${PROXY.delayMs} ± ${PROXY.jitterMs} ms proxy (${SHORT_RUN_S} s each), drift over ${DRIFT_RUN_S / 60} min`,
  run: async () => {
    const missing = pulseMissing();
    if (missing) {
      console.log(`  player-sync skipped: ${missing}`);
      return {};
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-sync-'));
    try {
      return await measure(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
