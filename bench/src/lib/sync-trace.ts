import type { ClickTrain } from './click-train';
import type { OutputStamp, Reading } from './listeners';
import { aheadOfServer } from './sync-figures';
import type { Heard } from './sync-run';

/**
 * The raw story of a run, for whoever tunes the engine: every click each speaker played (when,
 * which, how far ahead of the server), every change of each page's sync state and of its
 * estimate of the server's clock, in recording seconds. Written beside the figures (`results/player-sync-detail.json`).
 */

type Round = (value: number) => number;
const r3: Round = (value) => Math.round(value * 1000) / 1000;

/** Each state a page passed through and when it began, with the page's own drift then. */
function stateChanges(readings: readonly Reading[], startMs: number) {
  const changes: { atS: number; state: string; position: number | null }[] = [];
  for (const { at, shot } of readings) {
    const state = shot?.state ?? 'no hook';
    if (changes[changes.length - 1]?.state === state) continue;
    changes.push({ atS: r3((at - startMs) / 1000), state, position: shot?.position ?? null });
  }
  return changes;
}

/** Each new estimate of the server's clock a page made, with the round trip it rests on. */
function clockChanges(readings: readonly Reading[], startMs: number) {
  const changes: { atS: number; offsetMs: number; rttMs: number | null }[] = [];
  for (const { at, shot } of readings) {
    if (shot?.offsetMs == null || changes.at(-1)?.offsetMs === shot.offsetMs) continue;
    changes.push({
      atS: r3((at - startMs) / 1000),
      offsetMs: r3(shot.offsetMs),
      rttMs: shot.rttMs,
    });
  }
  return changes;
}

/**
 * Each rise of a page's underrun count (Chromium's `playbackStats`), with the total silence so
 * far, and its output stamp's mapping then (ms, relative to the first).
 */
function underruns(readings: readonly Reading[], startMs: number) {
  const changes: { atS: number; events: number; underrunMs: number; stampMs: number | null }[] = [];
  const first = readings.find((reading) => reading.audio?.stampMapping != null);
  const base = first?.audio?.stampMapping ?? 0;
  for (const { at, audio } of readings) {
    if (audio?.underrunEvents == null || changes.at(-1)?.events === audio.underrunEvents) continue;
    changes.push({
      atS: r3((at - startMs) / 1000),
      events: audio.underrunEvents,
      underrunMs: r3((audio.underrunS ?? 0) * 1000),
      stampMs: audio.stampMapping === null ? null : r3((audio.stampMapping - base) * 1000),
    });
  }
  return changes;
}

/**
 * The page's latest output stamp at each reading, as context minus page ms from the first, and
 * the same from `currentTime` and the latencies (`currentMs`, a buffer coarse).
 */
function stamps(readings: readonly Reading[], startMs: number) {
  const first = readings.find((reading) => reading.audio?.stampMapping != null);
  const base = first?.audio?.stampMapping ?? 0;
  return readings.flatMap(({ at, audio }) =>
    audio?.stampMapping == null
      ? []
      : [
          {
            atS: r3((at - startMs) / 1000),
            ms: r3((audio.stampMapping - base) * 1000),
            currentMs: r3((audio.latencyMapping - base) * 1000),
          },
        ],
  );
}

/**
 * Every output stamp of a page from 3 s before the run (its context's own start included, for
 * a page opened then), as [seconds, context minus page ms from the last of them]: the stamps
 * slide for seconds at a new output (OutputClock), which the readings every 250 ms hardly show.
 */
function everyStamp(stamps: readonly OutputStamp[], startMs: number) {
  const shown = stamps.filter((stamp) => stamp.at >= startMs - 3000);
  // From the last: the first of a new context stand still for a quarter second.
  const base = shown.at(-1)?.mappingS ?? 0;
  return shown.map((stamp) => [
    r3((stamp.at - startMs) / 1000),
    r3((stamp.mappingS - base) * 1000),
  ]);
}

/** How far ahead of the server each page said it was at each reading (ms). */
function selfReported(readings: readonly Reading[], heard: Heard, startMs: number) {
  const { timeline } = heard;
  return readings.flatMap(({ at, shot }) => {
    if (!shot?.playing || shot.position === null || shot.serverNow === null) return [];
    const serverMs = timeline.positionMs + shot.serverNow - timeline.atServerMs;
    return [{ atS: r3((at - startMs) / 1000), aheadMs: r3(shot.position * 1000 - serverMs) }];
  });
}

export function traceOf(heard: Heard, train: ClickTrain) {
  const startMs = heard.epochOf(0);
  const clicks = (speaker: Heard['a']) =>
    aheadOfServer(speaker, train.starts, train.sampleRate, heard.timeline, heard.epochOf).map(
      (point, i) => ({ atS: r3(point.atS), click: speaker[i]!.index, aheadMs: r3(point.value) }),
    );
  return {
    clicksA: clicks(heard.a),
    clicksB: clicks(heard.b),
    statesA: stateChanges(heard.readingsA, startMs),
    statesB: stateChanges(heard.readingsB, startMs),
    clockA: clockChanges(heard.readingsA, startMs),
    clockB: clockChanges(heard.readingsB, startMs),
    underrunsA: underruns(heard.readingsA, startMs),
    underrunsB: underruns(heard.readingsB, startMs),
    selfA: selfReported(heard.readingsA, heard, startMs),
    selfB: selfReported(heard.readingsB, heard, startMs),
    stampsA: stamps(heard.readingsA, startMs),
    stampsB: stamps(heard.readingsB, startMs),
    everyStampA: everyStamp(heard.stampsA, startMs),
    everyStampB: everyStamp(heard.stampsB, startMs),
    fetchesB: fetches(heard),
  };
}

/** What B's page fetched, in seconds from the run's start (B's opening, for a join). */
function fetches(heard: Heard) {
  const after = (at: number) => r3((at - heard.beganAt) / 1000);
  return (heard.marksB?.fetches ?? []).map(({ path, startAt, endAt }) => ({
    path,
    startS: after(startAt),
    endS: after(endAt),
  }));
}
