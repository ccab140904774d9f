import type { ClickTrain } from './click-train';
import type { Reading } from './listeners';
import { percentile, round } from './stats';
import {
  aheadOfServer,
  pairClicks,
  slopePerMinute,
  spread,
  windowMedians,
  type Timeline,
} from './sync-figures';
import type { Heard } from './sync-run';
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

/** Seconds from audio heard (a position in the snapshot) and from the play command to in sync. */
function inSyncTimes(readings: readonly Reading[], playSentAt: number) {
  const loaded = firstAt(readings, ({ shot }) => shot?.position != null);
  const inSync = firstAt(readings, ({ shot }) => shot?.state === 'inSync' && shot.position != null);
  return {
    loaded,
    inSync,
    afterLoadS: loaded === null || inSync === null ? NaN : round((inSync - loaded) / 1000, 2),
    afterPlayS: inSync === null ? NaN : round((inSync - playSentAt) / 1000, 2),
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

/** The figures of a run, each named with `prefix`. */
export function reportRun(heard: Heard, train: ClickTrain, prefix: string): RunReport {
  const rate = train.sampleRate;
  const startMs = heard.epochOf(0);
  const timesA = inSyncTimes(heard.readingsA, heard.playSentAt);
  const timesB = inSyncTimes(heard.readingsB, heard.playSentAt);
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
