import type { ClickTrain } from './click-train';
import type { Reading } from './listeners';
import { percentile, round } from './stats';
import {
  aheadOfServer,
  pairClicks,
  slopePerMinute,
  spread,
  windowMedians,
  type PairedClick,
  type Timeline,
} from './sync-figures';
import type { Heard } from './sync-run';
import { disturbance, firstHeardAt, gapNear, withinForGoodAfter } from './sync-settling';
import { traceOf } from './sync-trace';

/**
 * The figures of one measured run: the gap between the two speakers per 1-second window, each
 * speaker against the server's timeline, what each page said of itself (its test hook), and how
 * long each took to be in sync. Windows count from when both pages first said "in sync" (or from
 * the start when one never did: `…SteadyFrom` tells which).
 */

type Point = { atS: number; value: number };
type Figures = Record<string, number | string>;

const WINDOW_S = 1;
const ms = (value: number) => round(value, 2);

/** The first reading (epoch ms) that satisfies `test`, or null. */
function firstAt(readings: readonly Reading[], test: (reading: Reading) => boolean) {
  return readings.find(test)?.at ?? null;
}

/** How far ahead of the server a page says it is, at each reading (ms). */
function selfAhead(readings: readonly Reading[], timeline: Timeline, startMs: number): Point[] {
  return readings.flatMap(({ at, shot }) => {
    if (!shot?.playing || shot.position === null || shot.serverNow === null) return [];
    const serverPositionMs = timeline.positionMs + shot.serverNow - timeline.atServerMs;
    return [{ atS: (at - startMs) / 1000, value: shot.position * 1000 - serverPositionMs }];
  });
}

/** Seconds from audio heard (a position in the snapshot) and from the run's start to in sync. */
function inSyncTimes(readings: readonly Reading[], beganAt: number) {
  const loaded = firstAt(readings, ({ shot }) => shot?.position != null);
  const inSync = firstAt(readings, ({ shot }) => shot?.state === 'inSync' && shot.position != null);
  return {
    loaded,
    inSync,
    afterLoadS: loaded === null || inSync === null ? NaN : round((inSync - loaded) / 1000, 2),
    afterPlayS: inSync === null ? NaN : round((inSync - beganAt) / 1000, 2),
  };
}

/** The bound of "in sync for good" and of a disturbed speaker being back (ms). */
const SETTLED_MS = 2;
/** A's place before B joins is its median over this long (s). */
const BASELINE_S = 5;

/**
 * How the run's start was heard: seconds from it until each page that started was first heard
 * (A too when the room was played; only B when B joined a room A played), |A−B| 3 s and 10 s
 * after both were heard, and from then until every click both played stays within 2 ms.
 */
function settlingFigures(heard: Heard, pairs: PairedClick[], prefix: string, joined: boolean) {
  const startMs = heard.epochOf(0);
  const heardA = firstHeardAt(heard.readingsA);
  const heardB = firstHeardAt(heard.readingsB);
  const after = (at: number | null) => (at === null ? NaN : round((at - heard.beganAt) / 1000, 2));
  const bothAt = heardA === null || heardB === null ? null : Math.max(heardA, heardB);
  const bothS = bothAt === null ? NaN : (bothAt - startMs) / 1000;
  const gaps = pairs.map((pair) => ({ atS: pair.atS, value: pair.aMinusBMs }));
  return {
    ...(joined ? {} : { [`${prefix}FirstSoundAS`]: after(heardA) }),
    [`${prefix}FirstSoundBS`]: after(heardB),
    ...startFigures(heard, prefix, joined),
    [`${prefix}ABAt3sMs`]: ms(gapNear(pairs, bothS + 3)),
    [`${prefix}ABAt10sMs`]: ms(gapNear(pairs, bothS + 10)),
    [`${prefix}InSyncForGoodS`]: round(withinForGoodAfter(gaps, bothS, SETTLED_MS), 2),
  };
}

/**
 * B's first sound as its output placed it (precise, where the snapshots read every 250 ms are
 * not). For a join, also after B's page was asked for (its navigation began: the tab and its
 * browser context, made first by the bench, are no part of opening a room), after it connected
 * (joined the room), and where the time before it went: each step's second after the page was
 * opened.
 */
function startFigures(heard: Heard, prefix: string, joined: boolean): Figures {
  const marks = heard.marksB;
  if (!marks) return {};
  const after = (at: number | null, from = heard.beganAt) =>
    at === null ? NaN : round((at - from) / 1000, 2);
  const heardAt = marks.startHeardAt;
  if (!joined) return { [`${prefix}StartHeardBS`]: after(heardAt) };
  return {
    [`${prefix}StartHeardBS`]: after(heardAt),
    [`${prefix}StartHeardAfterAskedBS`]: after(heardAt, marks.askedAt),
    [`${prefix}StartHeardAfterConnectBS`]:
      marks.connectedAt === null ? NaN : after(heardAt, marks.connectedAt),
    [`${prefix}StartStepsBS`]: [
      `asked ${after(marks.askedAt)}`,
      `document ${after(marks.documentAt)}`,
      `connected ${after(marks.connectedAt)}`,
      `context ${after(marks.contextAt)}`,
      `first segment ${after(marks.firstSegmentAt)}`,
      `started ${after(marks.startCalledAt)}`,
      `heard ${after(heardAt)}`,
    ].join(' · '),
  };
}

/**
 * The silence each page's output played during the run because it rendered too late (Chromium's
 * `playbackStats`): how many times, and how long in all. Each one moves that speaker later.
 */
function underrunFigures(heard: Heard, prefix: string): Figures {
  const during = (readings: readonly Reading[]) => {
    const stats = readings.flatMap(({ audio }) =>
      audio?.underrunEvents == null ? [] : [{ events: audio.underrunEvents, s: audio.underrunS! }],
    );
    const [first, last] = [stats[0], stats.at(-1)];
    if (!first || !last) return '?';
    return `${last.events - first.events} × ${ms((last.s - first.s) * 1000)} ms`;
  };
  return {
    [`${prefix}AUnderruns`]: during(heard.readingsA),
    [`${prefix}BUnderruns`]: during(heard.readingsB),
  };
}

/**
 * How far each page's own account of where it plays (its snapshots) was from where its speaker
 * was heard, per window: a constant part is the error bound of placing the recording on the
 * server's clock; what changes during the run is the page misjudging its output (its output
 * clock fooled), which it then "corrects" into the music. Median and range of the windows.
 */
function beliefFigures(heard: Heard, train: ClickTrain, prefix: string): Figures {
  const startMs = heard.epochOf(0);
  const of = (readings: readonly Reading[], clicks: Heard['a']) => {
    const self = selfAhead(readings, heard.timeline, startMs);
    const played = aheadOfServer(
      clicks,
      train.starts,
      train.sampleRate,
      heard.timeline,
      heard.epochOf,
    );
    const values = windowDifferences(self, played).map((p) => p.value);
    if (values.length === 0) return '?';
    const median = ms(percentile(values, 50));
    return `${median} (${ms(Math.min(...values))} … ${ms(Math.max(...values))})`;
  };
  return {
    [`${prefix}ABeliefMinusHeardMs`]: of(heard.readingsA, heard.a),
    [`${prefix}BBeliefMinusHeardMs`]: of(heard.readingsB, heard.b),
  };
}

/**
 * How B's joining moved A, which was playing steadily (the late-join run): how far and which
 * way against the server's timeline, and from the first click both played until A was back with
 * B for good. "Back" is |A−B| within 2 ms, what "in sync" means to the listeners: measured
 * against A's own place before, it was never set, as both pages wander from the recording's
 * clicks together.
 */
function joinFigures(heard: Heard, train: ClickTrain, prefix: string): Figures {
  const joinS = (heard.beganAt - heard.epochOf(0)) / 1000;
  // Later is positive; on the server's timeline, so frames the recorder dropped under load
  // (which shift every later click on the recording's own sample clock) do not count.
  const places = aheadOfServer(
    heard.a,
    train.starts,
    train.sampleRate,
    heard.timeline,
    heard.epochOf,
  ).map((p) => ({ atS: p.atS, value: -p.value }));
  const moved = disturbance(places, joinS, BASELINE_S);
  const pairs = pairClicks(heard.a, heard.b, train.sampleRate);
  const gaps = pairs.map((pair) => ({ atS: pair.atS, value: pair.aMinusBMs }));
  const bothS = pairs[0]?.atS ?? NaN;
  return {
    [`${prefix}AClicksBeforeJoin`]: moved.clicksBefore,
    [`${prefix}AMovedMaxMs`]: ms(moved.worstMs),
    [`${prefix}AOvershootMs`]: ms(moved.overshootMs),
    [`${prefix}ABackWithin2MsS`]: round(withinForGoodAfter(gaps, bothS, SETTLED_MS), 2),
  };
}

function spreadFigures(prefix: string, values: number[]): Figures {
  const { p50, p95, max } = spread(values);
  return { [`${prefix}P50Ms`]: ms(p50), [`${prefix}P95Ms`]: ms(p95), [`${prefix}MaxMs`]: ms(max) };
}

/** Window medians of two series, A's minus B's, where both have a window. */
function windowDifferences(a: Point[], b: Point[]): Point[] {
  const bByWindow = new Map(windowMedians(b, WINDOW_S).map((w) => [w.atS, w.value]));
  return windowMedians(a, WINDOW_S).flatMap((w) => {
    const other = bByWindow.get(w.atS);
    return other === undefined ? [] : [{ atS: w.atS, value: w.value - other }];
  });
}

export type RunReport = {
  figures: Figures;
  abWindows: Point[];
  aServer: Point[];
  bServer: Point[];
  trace: ReturnType<typeof traceOf>;
};

/**
 * The figures of a run, each named with `prefix`; `joined`: B joined a room A already played
 * (A's disturbance is reported, and A's first sound is not the run's).
 */
export function reportRun(
  heard: Heard,
  train: ClickTrain,
  prefix: string,
  joined = false,
): RunReport {
  const rate = train.sampleRate;
  const startMs = heard.epochOf(0);
  const timesA = inSyncTimes(heard.readingsA, heard.beganAt);
  const timesB = inSyncTimes(heard.readingsB, heard.beganAt);
  const bothInSync =
    timesA.inSync !== null && timesB.inSync !== null
      ? Math.max(timesA.inSync, timesB.inSync)
      : null;
  const steadyFromS = bothInSync === null ? 0 : Math.max(0, (bothInSync - startMs) / 1000);
  const steady = (points: Point[]) => points.filter((point) => point.atS >= steadyFromS);

  const pairs = pairClicks(heard.a, heard.b, rate);
  const abWindows = windowMedians(
    steady(pairs.map((pair) => ({ atS: pair.atS, value: pair.aMinusBMs }))),
    WINDOW_S,
  );
  const server = (clicks: Heard['a']) =>
    windowMedians(
      steady(aheadOfServer(clicks, train.starts, rate, heard.timeline, heard.epochOf)),
      WINDOW_S,
    );
  const [aServer, bServer] = [server(heard.a), server(heard.b)];
  const selfA = steady(selfAhead(heard.readingsA, heard.timeline, startMs));
  const selfB = steady(selfAhead(heard.readingsB, heard.timeline, startMs));
  const signedMedian = (points: Point[]) =>
    ms(
      percentile(
        points.map((p) => p.value),
        50,
      ),
    );

  const figures: Figures = {
    [`${prefix}SteadyFrom`]:
      bothInSync === null ? 'start (a page never said in sync)' : `${round(steadyFromS, 1)} s`,
    [`${prefix}ClicksHeardAB`]: `${heard.a.length} / ${heard.b.length} (both: ${pairs.length})`,
    [`${prefix}Windows`]: abWindows.length,
    ...spreadFigures(
      `${prefix}AB`,
      abWindows.map((w) => w.value),
    ),
    [`${prefix}ABMedianSignedMs`]: signedMedian(abWindows),
    // The same over every window, the ones before both pages said "in sync" included.
    [`${prefix}ABP95FromFirstClickMs`]: ms(
      spread(
        windowMedians(
          pairs.map((pair) => ({ atS: pair.atS, value: pair.aMinusBMs })),
          WINDOW_S,
        ).map((w) => w.value),
      ).p95,
    ),
    ...spreadFigures(
      `${prefix}SelfReportedAB`,
      windowDifferences(selfA, selfB).map((p) => p.value),
    ),
    [`${prefix}VsServerErrorBoundMs`]: heard.sinkLatencyMs ?? '?',
    [`${prefix}AVsServerMedianMs`]: signedMedian(aServer),
    [`${prefix}BVsServerMedianMs`]: signedMedian(bServer),
    [`${prefix}AVsServerP95Ms`]: ms(spread(aServer.map((p) => p.value)).p95),
    [`${prefix}BVsServerP95Ms`]: ms(spread(bServer.map((p) => p.value)).p95),
    [`${prefix}SelfReportedAMedianMs`]: signedMedian(windowMedians(selfA, WINDOW_S)),
    [`${prefix}SelfReportedBMedianMs`]: signedMedian(windowMedians(selfB, WINDOW_S)),
    [`${prefix}AInSyncAfterLoadS`]: timesA.afterLoadS,
    [`${prefix}BInSyncAfterLoadS`]: timesB.afterLoadS,
    [`${prefix}AInSyncAfterPlayS`]: timesA.afterPlayS,
    [`${prefix}BInSyncAfterPlayS`]: timesB.afterPlayS,
    ...settlingFigures(heard, pairs, prefix, joined),
    ...underrunFigures(heard, prefix),
    ...beliefFigures(heard, train, prefix),
    ...(joined ? joinFigures(heard, train, prefix) : {}),
  };
  return { figures, abWindows, aServer, bServer, trace: traceOf(heard, train) };
}

/** Median of the points within the first and the last minute of a run. */
function endMinutes(points: Point[]): { first: number; last: number } {
  if (points.length === 0) return { first: NaN, last: NaN };
  const from = points[0]!.atS;
  const to = points[points.length - 1]!.atS;
  const median = (inside: Point[]) =>
    percentile(
      inside.map((p) => p.value),
      50,
    );
  return {
    first: median(points.filter((p) => p.atS < from + 60)),
    last: median(points.filter((p) => p.atS > to - 60)),
  };
}

/** How the gap and each speaker's place on the server's timeline moved over a long run. */
export function driftFigures(report: RunReport, prefix: string): Figures {
  const ab = endMinutes(report.abWindows);
  const a = endMinutes(report.aServer);
  const b = endMinutes(report.bServer);
  return {
    [`${prefix}ABFirstMinuteMs`]: ms(ab.first),
    [`${prefix}ABLastMinuteMs`]: ms(ab.last),
    [`${prefix}ABSlopeMsPerMin`]: round(slopePerMinute(report.abWindows), 3),
    [`${prefix}AVsServerFirstLastMinuteMs`]: `${ms(a.first)} → ${ms(a.last)}`,
    [`${prefix}BVsServerFirstLastMinuteMs`]: `${ms(b.first)} → ${ms(b.last)}`,
    [`${prefix}AVsServerSlopeMsPerMin`]: round(slopePerMinute(report.aServer), 3),
    [`${prefix}BVsServerSlopeMsPerMin`]: round(slopePerMinute(report.bServer), 3),
  };
}
