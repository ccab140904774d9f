import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/src/harness';
import type { PlayerSnapshot } from '../../../web/src/features/player/engine/sync-state';

/**
 * Listeners of a room: Chromium instances that play aloud into a PulseAudio sink of their own,
 * each with the room page open, read through the page's test hook
 * (`window.musicRooms.player.snapshot()`).
 */

/** What the page's test hook answers. */
export type Snapshot = PlayerSnapshot;

/**
 * Chromium that plays aloud (Playwright mutes it by default) into `sink`, without a click, with
 * an output buffer of `bufferFrames`.
 */
export function launchListener(
  sink: string,
  pulseEnv: Record<string, string>,
  bufferFrames: number,
  more: { args?: string[]; env?: Record<string, string> } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--autoplay-policy=no-user-gesture-required',
      `--audio-buffer-size=${bufferFrames}`,
      ...(more.args ?? []),
    ],
    ignoreDefaultArgs: ['--mute-audio'],
    env: { ...process.env, ...pulseEnv, PULSE_SINK: sink, ...more.env },
  });
}

/**
 * Keeps each AudioContext the page makes on `window.benchAudioContexts`, so that the bench can
 * read the output's own figures beside the test hook's (`audioOf`), and every output stamp of
 * the newest one on `window.benchOutputStamps` (`outputStampsOf`), and when the realtime
 * connection's handshake was answered over a WebSocket (which the page's resource timings do not
 * list). Runs before the page's code.
 */
function keepAudioContexts() {
  const Original = window.AudioContext;
  const kept: AudioContext[] = [];
  const stamps: Array<[number, number]> = [];
  const marks: { contextAt?: number; firstStart?: [number, number]; connectedAt?: number } = {};
  Object.assign(window, { benchAudioContexts: kept, benchOutputStamps: stamps, benchMarks: marks });
  window.AudioContext = class extends Original {
    constructor(options?: AudioContextOptions) {
      super(options);
      kept.push(this);
      marks.contextAt ??= performance.now();
    }
  };
  // Socket.IO's answer to the connection ("40…"), the first message of the kind on a WebSocket.
  const OriginalSocket = window.WebSocket;
  window.WebSocket = class extends OriginalSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        if (typeof event.data === 'string' && event.data.startsWith('40')) {
          marks.connectedAt ??= performance.now();
        }
      });
    }
  };
  // The first sound the page starts: when it was started, and the context time it plays from.
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (when = 0, ...rest: number[]) {
    marks.firstStart ??= [performance.now(), Math.max(when, this.context.currentTime)];
    start.call(this, when, ...rest);
  };
  // A stamp comes with each output callback (about every 85 ms): read often enough for each.
  setInterval(() => {
    const context = kept[kept.length - 1];
    if (!context || context.state === 'closed') return;
    const { contextTime = 0, performanceTime = 0 } = context.getOutputTimestamp();
    if (contextTime > 0 && performanceTime > 0 && stamps.at(-1)?.[0] !== performanceTime) {
      stamps.push([performanceTime, contextTime]);
    }
  }, 10);
}

/** One output stamp: when (server epoch ms, as the bench reads that clock) and its mapping. */
export type OutputStamp = { at: number; mappingS: number };

/**
 * Every output stamp the page's newest context gave since it opened: context seconds minus page
 * seconds at the stamp's instant, placed on the bench's clock by one round trip (about a ms).
 */
export async function outputStampsOf(page: Page, now: () => number): Promise<OutputStamp[]> {
  const sent = now();
  const [pageNow, stamps] = await page.evaluate(() => {
    const kept = (window as { benchOutputStamps?: Array<[number, number]> }).benchOutputStamps;
    return [performance.now(), kept ?? []] as const;
  });
  const pageToServer = (sent + now()) / 2 - pageNow;
  return stamps.map(([performanceTime, contextTime]) => ({
    at: performanceTime + pageToServer,
    mappingS: contextTime - performanceTime / 1000,
  }));
}

/**
 * Where a page's first second or two went (server epoch ms, as `outputStampsOf` places them):
 * the document loaded, the realtime connection made, the context made, the first segment fetched, the
 * first sound started (the call) and the instant it is heard (its context time on the output
 * stamps). Null where it did not happen.
 */
export type PageMarks = {
  /** The page was asked for: its navigation began (the moment a person opens the room). */
  askedAt: number;
  documentAt: number | null;
  /** The realtime connection's handshake answered (the room joined, the clock sampled next). */
  connectedAt: number | null;
  contextAt: number | null;
  firstSegmentAt: number | null;
  startCalledAt: number | null;
  startHeardAt: number | null;
  /** Everything the page fetched: the path (no query), when it was asked for and answered. */
  fetches: Array<{ path: string; startAt: number; endAt: number }>;
};

export async function pageMarksOf(page: Page, now: () => number): Promise<PageMarks> {
  const sent = now();
  const [pageNow, marks, documentMs, connectedMs, segmentMs, mappingS, fetched] =
    await page.evaluate(() => {
      const kept = window as {
        benchMarks?: { contextAt?: number; firstStart?: [number, number]; connectedAt?: number };
        benchOutputStamps?: Array<[number, number]>;
      };
      const navigation = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      // (No function is declared in here: the bench's compiler would wrap it in a helper the page
      // does not have.)
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const socket = resources.find((entry) => entry.name.includes('/socket.io/'));
      const segment = resources.find((entry) => entry.name.includes('/playback/data'));
      const calledAt = kept.benchMarks?.firstStart?.[0];
      // The first stamp after the call tells which page instant a context time is heard at.
      const nearest = (kept.benchOutputStamps ?? []).find(
        ([at]) => calledAt !== undefined && at >= calledAt,
      );
      return [
        performance.now(),
        kept.benchMarks ?? {},
        navigation?.domContentLoadedEventEnd ?? null,
        socket?.responseEnd ?? null,
        segment?.responseEnd ?? null,
        nearest ? nearest[1] - nearest[0] / 1000 : null,
        [navigation ?? null, ...resources].flatMap((entry) =>
          entry
            ? [[new URL(entry.name).pathname, entry.startTime, entry.responseEnd] as const]
            : [],
        ),
      ] as const;
    });
  const pageToServer = (sent + now()) / 2 - pageNow;
  const onServer = (pageMs: number | null | undefined) =>
    pageMs == null ? null : pageMs + pageToServer;
  const [calledAt, fromContextS] = marks.firstStart ?? [null, null];
  const heardPageMs =
    fromContextS === null || mappingS === null ? null : (fromContextS - mappingS) * 1000;
  return {
    askedAt: pageToServer,
    documentAt: onServer(documentMs),
    connectedAt: onServer(marks.connectedAt ?? connectedMs),
    contextAt: onServer(marks.contextAt),
    firstSegmentAt: onServer(segmentMs),
    startCalledAt: onServer(calledAt),
    startHeardAt: onServer(heardPageMs),
    fetches: fetched.map(([path, startMs, endMs]) => ({
      path,
      startAt: startMs + pageToServer,
      endAt: endMs + pageToServer,
    })),
  };
}

/** Opens `url` signed in with the session cookie (`name=value`) of `origin`. */
export async function openSignedIn(browser: Browser, url: string, cookie: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(keepAudioContexts);
  const [name = '', ...value] = cookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: new URL(url).origin }]);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

export function snapshot(page: Page): Promise<Snapshot | null> {
  return page.evaluate(() => {
    const hooks = (window as { musicRooms?: { player?: { snapshot(): unknown } } }).musicRooms;
    return (hooks?.player?.snapshot() ?? null) as Snapshot | null;
  });
}

/**
 * What the page's newest AudioContext says of its output: Chromium's `playbackStats` (seconds of
 * silence played because the page rendered too late, and how many times; updated about once a
 * second), the latest `getOutputTimestamp()` as context minus page seconds, and the same from
 * `currentTime` and the latencies.
 */
export type AudioReading = {
  underrunS: number | null;
  underrunEvents: number | null;
  stampMapping: number | null;
  /** The same from `currentTime` and the reported latencies (the engine's stand-in). */
  latencyMapping: number;
};

export function audioOf(page: Page): Promise<AudioReading | null> {
  return page.evaluate(() => {
    type Stats = { underrunDuration: number; underrunEvents: number };
    const kept = (window as { benchAudioContexts?: AudioContext[] }).benchAudioContexts;
    const context = kept?.findLast((each) => each.state !== 'closed');
    if (!context) return null;
    const stats = (context as { playbackStats?: Stats }).playbackStats;
    const stamp = context.getOutputTimestamp();
    const stamped = (stamp.contextTime ?? 0) > 0 && (stamp.performanceTime ?? 0) > 0;
    return {
      underrunS: stats?.underrunDuration ?? null,
      underrunEvents: stats?.underrunEvents ?? null,
      stampMapping: stamped ? stamp.contextTime! - stamp.performanceTime! / 1000 : null,
      latencyMapping:
        context.currentTime -
        performance.now() / 1000 -
        (context.baseLatency || 0) -
        (context.outputLatency || 0),
    };
  });
}

/** A snapshot and when it was read (server epoch ms, as the bench reads that clock). */
export type Reading = { at: number; shot: Snapshot | null; audio: AudioReading | null };

/** Reads a page's snapshot every `everyMs` until stopped; answers every reading. */
export function watchSnapshots(page: Page, everyMs: number, now: () => number) {
  const readings: Reading[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const shot = await snapshot(page).catch(() => null);
      const at = now();
      const audio = await audioOf(page).catch(() => null);
      readings.push({ at, shot, audio });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    readings,
    stop: async () => {
      running = false;
      await loop;
      return readings;
    },
  };
}
