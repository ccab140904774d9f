import type { ClickTrain } from './click-train';
import type { Reading } from './listeners';
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
  };
}
