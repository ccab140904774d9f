import type { TrackId } from '@music-rooms/domain/ids';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import type { OpenTrack, TrackSource } from './track-source';

/**
 * The few Web Audio calls the engine makes, recorded, with a clock the test moves: what a source
 * node was told (start, rate changes, stop) is what the speakers would play.
 */

export type FakeSourceNode = {
  buffer: { index: number } | null;
  started: { when: number; offset: number; duration: number } | null;
  stopped: boolean;
  /** The rate before any change, then each change with its context time, in the order set. */
  rates: Array<{ rate: number; at: number }>;
  onended: (() => void) | null;
  /** The browser's word that the node played to its end. */
  end(): void;
};

export type FakeContext = {
  currentTime: number;
  sources: FakeSourceNode[];
  context: AudioContext;
};

function fakeParam(rates: Array<{ rate: number; at: number }>) {
  return {
    set value(rate: number) {
      rates.splice(0, rates.length, { rate, at: 0 });
    },
    get value() {
      return rates[0]?.rate ?? 1;
    },
    setValueAtTime(rate: number, at: number) {
      rates.push({ rate, at });
    },
    /** As the browser does: every change from `at` on is forgotten. */
    cancelScheduledValues(at: number) {
      const kept = rates.filter((change, index) => index === 0 || change.at < at);
      rates.splice(0, rates.length, ...kept);
    },
  };
}

export function fakeContext(): FakeContext {
  const fake: FakeContext = { currentTime: 0, sources: [], context: null as never };
  const node = () => ({ connect() {}, disconnect() {} });
  const context = {
    get currentTime() {
      return fake.currentTime;
    },
    createGain: () => ({ ...node(), gain: { value: 1 } }),
    createConstantSource: () => ({ ...node(), offset: { value: 1 }, start() {} }),
    createBufferSource: () => {
      const rates = [{ rate: 1, at: 0 }];
      const source: FakeSourceNode & Record<string, unknown> = {
        ...node(),
        buffer: null,
        started: null,
        stopped: false,
        rates,
        playbackRate: fakeParam(rates),
        onended: null,
        start(when: number, offset: number, duration: number) {
          source.started = { when, offset, duration };
        },
        stop() {
          source.stopped = true;
        },
        end() {
          source.onended?.();
        },
      };
      fake.sources.push(source);
      return source;
    },
  };
  fake.context = context as unknown as AudioContext;
  return fake;
}

/** A track of `segments` segments of 10 s each at 48 kHz; counts the loads of each segment. */
export function fakeTrack(segments: number): { open: OpenTrack; loads: number[] } {
  const sampleRate = 48_000;
  const loads: number[] = Array.from({ length: segments }, () => 0);
  const manifest = {
    sampleRate,
    segments: loads.map((_, index) => ({ sample: index * 10 * sampleRate })),
  } as unknown as PlaybackManifest;
  const source: TrackSource = {
    manifest,
    durationSeconds: segments * 10,
    segmentAt: (position) => Math.min(segments - 1, Math.max(0, Math.floor(position / 10))),
    load: async (index) => {
      loads[index] = (loads[index] ?? 0) + 1;
      return { index, startSeconds: index * 10, buffer: { index } as unknown as AudioBuffer };
    },
    close() {},
  };
  const open: OpenTrack = async (_context, _trackId: TrackId) => source;
  return { open, loads };
}

/** Lets every pending promise (a load, a decode) settle. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
