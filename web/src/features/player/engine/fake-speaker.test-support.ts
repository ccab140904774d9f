import type { TrackId } from '@music-rooms/domain/ids';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import type { EngineClock } from './engine-types';
import type { OpenTrack, TrackSource } from './track-source';
import { fakeContext, type FakeSourceNode } from './fake-audio.test-support';

/**
 * An AudioContext on a fake audio device whose clock is the page's (the test's fake timers): it
 * renders in buffers of `BUFFER_S`, its output is heard `lagS` after it is rendered, and it
 * reports times the way Chromium does: `currentTime` a buffer at a time, `getOutputTimestamp()`
 * once per buffer (off by `stampError`), and latencies off by `latencyError`. What it plays is
 * what the source nodes were told, so `heardPosition` is what the speakers play at a page time.
 */

export const BUFFER_S = 4096 / 48_000;
const OUTPUT_LATENCY_S = 0.03;
/** The server's clock runs this far ahead of the page's. */
const SERVER_AHEAD_MS = 5_000_000;

export type SpeakerOptions = {
  /** Page time (ms) now: the fake timers' clock. */
  now: () => number;
  /** The context waits for a click before it runs. */
  blocked?: boolean;
  /** What the stand-in (`baseLatency + outputLatency`) is off by, seconds. */
  latencyError?: number;
  /** What a stamp taken at page time `at` is off by, seconds. */
  stampError?: (at: number) => number;
};

export type FakeSpeaker = ReturnType<typeof fakeSpeaker>;

export function fakeSpeaker(options: SpeakerOptions) {
  const fake = fakeContext();
  const { now } = options;
  let startedAt: number | null = options.blocked ? null : now();
  /** Extra delay of the output: an underrun makes everything after it heard later. */
  let underrunS = 0;
  let allowed = !options.blocked;
  const stopTimes = new Map<FakeSourceNode, number>();
  const elapsed = () => (startedAt === null ? 0 : (now() - startedAt) / 1000);
  const rendered = () => Math.floor(elapsed() / BUFFER_S) * BUFFER_S;
  /** The context time heard at page time `at`. */
  const heardAt = (at: number) =>
    startedAt === null ? -1 : (at - startedAt) / 1000 - BUFFER_S - OUTPUT_LATENCY_S - underrunS;

  const context = fake.context as unknown as Record<string, unknown>;
  Object.defineProperty(fake, 'currentTime', { get: rendered });
  Object.assign(context, {
    state: startedAt === null ? 'suspended' : 'running',
    onstatechange: null,
    sampleRate: 48_000,
    baseLatency: BUFFER_S,
    outputLatency: OUTPUT_LATENCY_S + (options.latencyError ?? 0),
    destination: { connect() {}, disconnect() {} },
    getOutputTimestamp() {
      if (startedAt === null) return { contextTime: 0, performanceTime: 0 };
      const callback =
        startedAt + Math.floor((now() - startedAt) / 1000 / BUFFER_S) * BUFFER_S * 1000;
      const error = options.stampError?.(callback) ?? 0;
      return { contextTime: Math.max(0, heardAt(callback) + error), performanceTime: callback };
    },
    resume: async () => {
      if (!allowed || startedAt !== null) return;
      startedAt = now();
      context.state = 'running';
      (context.onstatechange as (() => void) | null)?.();
    },
    close: async () => {
      context.state = 'closed';
    },
  });
  const createGain = context.createGain as () => Record<string, unknown>;
  context.createGain = () => ({ ...createGain(), gain: { value: 1, setTargetAtTime() {} } });
  const createSource = context.createBufferSource as () => FakeSourceNode & { stop(): void };
  context.createBufferSource = () => {
    const node = createSource();
    const stop = node.stop.bind(node);
    node.stop = () => {
      stopTimes.set(node, rendered());
      stop();
    };
    return node;
  };

  /** The node heard at context time `t` and the track position it plays then. */
  function playingAt(t: number): number | null {
    for (const node of [...fake.sources].reverse()) {
      const started = node.started;
      if (!started || t < started.when) continue;
      const stoppedAt = stopTimes.get(node) ?? Infinity;
      if (t >= stoppedAt) continue;
      const played = integrateRate(node.rates, started.when, t);
      if (played >= started.duration) continue;
      return (node.buffer?.index ?? 0) * SEGMENT_S + started.offset + played;
    }
    return null;
  }

  return {
    context: fake.context,
    sources: fake.sources,
    /** The track position heard at page time `at`, or null for silence. */
    heardPosition: (at: number) => (startedAt === null ? null : playingAt(heardAt(at))),
    /** The page time at which context time `t` is heard. */
    pageTimeOf: (t: number) =>
      (startedAt ?? 0) + (t + BUFFER_S + OUTPUT_LATENCY_S + underrunS) * 1000,
    /** A click lets the context run. */
    click: () => {
      allowed = true;
    },
    /** The output falls behind by `seconds` (the machine was too busy to render in time). */
    underrun: (seconds: number) => {
      underrunS += seconds;
    },
  };
}

/** Seconds of a node's buffer played from `from` to `to` at its scheduled rates. */
function integrateRate(
  rates: ReadonlyArray<{ rate: number; at: number }>,
  from: number,
  to: number,
) {
  let played = 0;
  let rate = rates[0]?.rate ?? 1;
  let at = from;
  // The browser keeps a parameter's changes in time order, whatever order they were set in.
  const changes = rates.slice(1).sort((a, b) => a.at - b.at);
  for (const change of changes) {
    if (change.at >= to) break;
    if (change.at > at) {
      played += (change.at - at) * rate;
      at = change.at;
    }
    rate = change.rate;
  }
  return played + (to - at) * rate;
}

const SEGMENT_S = 10;

/**
 * A track of 10 s segments at 48 kHz, each decoded `decodeMs` after it is first asked for and
 * kept (as the segment source keeps the last few).
 */
export function slowTrack(segments: number, decodeMs: number): OpenTrack {
  const sampleRate = 48_000;
  const manifest = {
    sampleRate,
    segments: Array.from({ length: segments }, (_, index) => ({
      sample: index * SEGMENT_S * sampleRate,
    })),
  } as unknown as PlaybackManifest;
  const kept = new Map<number, ReturnType<TrackSource['load']>>();
  const decode = (index: number): ReturnType<TrackSource['load']> =>
    new Promise((resolve) =>
      setTimeout(() => {
        const buffer = { index } as unknown as AudioBuffer;
        resolve({ index, startSeconds: index * SEGMENT_S, buffer });
      }, decodeMs),
    );
  const source: TrackSource = {
    manifest,
    durationSeconds: segments * SEGMENT_S,
    segmentAt: (position) => Math.min(segments - 1, Math.max(0, Math.floor(position / SEGMENT_S))),
    load: (index) => {
      if (!kept.has(index)) kept.set(index, decode(index));
      return kept.get(index)!;
    },
    close() {},
  };
  return async (_context, _trackId: TrackId) => source;
}

/** The server's clock as a page that has probed it knows it: exactly. */
export function exactClock(now: () => number): EngineClock & { serverOf(at: number): number } {
  return {
    serverNow: () => now() + SERVER_AHEAD_MS,
    localTimeOf: (serverMs) => serverMs - SERVER_AHEAD_MS,
    estimate: () => ({ offsetMs: SERVER_AHEAD_MS, rttMs: 1, errorBoundMs: 0.5, samples: 8 }),
    serverOf: (at) => at + SERVER_AHEAD_MS,
  };
}
