import { pcmWav } from '../../../e2e/src/wav';

/**
 * A track made to be found again in a recording: short clicks at irregular, known instants.
 * Each click is a 2 ms chirp (broadband, so its cross-correlation has one sharp peak); the gaps
 * between clicks are drawn from a seeded generator, so any three gaps in a row name one place in
 * the track.
 */

export const SAMPLE_RATE = 48_000;
/** Gaps between clicks, in ms: irregular, and long enough for the recording to settle. */
const GAP_MIN_MS = 250;
const GAP_MAX_MS = 750;
const CLICK_MS = 2;
const CHIRP_FROM_HZ = 1_000;
const CHIRP_TO_HZ = 9_000;
const AMPLITUDE = 0.4;

/** A small seeded generator (mulberry32): the same seed makes the same train. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The click itself: a Hann-windowed linear chirp, sampled `delay` samples (a fraction, for the
 * self-check) after its start; one sample longer than the click, so a delayed tail fits.
 */
export function clickShape(sampleRate = SAMPLE_RATE, delay = 0): Float32Array {
  const length = Math.round((CLICK_MS / 1000) * sampleRate);
  const shape = new Float32Array(length + 1);
  const durationS = (length - 1) / sampleRate;
  const sweep = (CHIRP_TO_HZ - CHIRP_FROM_HZ) / durationS;
  for (let i = 0; i <= length; i += 1) {
    const t = (i - delay) / sampleRate;
    if (t < 0 || t > durationS) continue;
    const window = 0.5 - 0.5 * Math.cos((2 * Math.PI * t) / durationS);
    const phase = CHIRP_FROM_HZ * t + (sweep * t * t) / 2;
    shape[i] = AMPLITUDE * window * Math.sin(2 * Math.PI * phase);
  }
  return shape;
}

/** The sample index each click starts at, for a train of `durationS` seconds. */
export function clickStarts(durationS: number, seed: number, sampleRate = SAMPLE_RATE): number[] {
  const random = seededRandom(seed);
  const end = Math.floor(durationS * sampleRate) - sampleRate;
  const starts: number[] = [];
  let at = Math.round(0.5 * sampleRate);
  while (at < end) {
    starts.push(at);
    const gapMs = GAP_MIN_MS + random() * (GAP_MAX_MS - GAP_MIN_MS);
    at += Math.round((gapMs / 1000) * sampleRate);
  }
  return starts;
}

/** The train as 16-bit mono PCM samples. */
export function renderTrain(
  length: number,
  starts: readonly number[],
  shape: Float32Array,
): Int16Array {
  const pcm = new Int16Array(length);
  for (const start of starts) {
    for (let i = 0; i < shape.length && start + i < length; i += 1) {
      pcm[start + i] = Math.round(shape[i]! * 32_767);
    }
  }
  return pcm;
}

export type ClickTrain = {
  sampleRate: number;
  durationS: number;
  starts: number[];
  shape: Float32Array;
  wav: Buffer;
};

/** A whole click train: where its clicks are, their shape, and the file to upload. */
export function clickTrain(durationS: number, seed = 11): ClickTrain {
  const shape = clickShape();
  const starts = clickStarts(durationS, seed);
  const pcm = renderTrain(Math.round(durationS * SAMPLE_RATE), starts, shape);
  return {
    sampleRate: SAMPLE_RATE,
    durationS,
    starts,
    shape,
    wav: pcmWav(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), SAMPLE_RATE),
  };
}
