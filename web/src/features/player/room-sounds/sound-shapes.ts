import { CALIBRATION } from '@music-rooms/domain/room-sounds';

/** How long each calibration chirp lasts: long enough to be found in a room's noise. */
export const CHIRP_SECONDS = 0.05;
const CLICK_SECONDS = 0.004;

/**
 * Each chirp's sweep (Hz), each in a band of its own (up and down in turn): the correlation of
 * one with another is next to nothing, so a loud neighbour is never taken for a quiet chirp.
 */
const SWEEPS: readonly (readonly [number, number])[] = [
  [700, 1500],
  [2700, 1700],
  [2900, 4000],
  [5400, 4200],
  [5600, 7200],
];

/** A raised-cosine window: the sound starts and stops without a click of its own. */
const hann = (i: number, n: number) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1));

/** Chirp `index` (of CALIBRATION.chirps) as samples at `sampleRate`, peaking at 1. */
export function chirpSamples(index: number, sampleRate: number): Float32Array<ArrayBuffer> {
  const [from, to] = SWEEPS[index % CALIBRATION.chirps]!;
  const n = Math.round(CHIRP_SECONDS * sampleRate);
  const rate = (to - from) / CHIRP_SECONDS;
  const samples = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    const t = i / sampleRate;
    samples[i] = hann(i, n) * Math.sin(2 * Math.PI * (from * t + (rate * t * t) / 2));
  }
  return samples;
}

/** The test sound: a short tick, sharp enough to hear two of them a few milliseconds apart. */
export function clickSamples(sampleRate: number): Float32Array<ArrayBuffer> {
  const n = Math.round(CLICK_SECONDS * sampleRate);
  const samples = new Float32Array(n);
  for (let i = 0; i < n; i += 1) {
    samples[i] = hann(i, n) * Math.sin((2 * Math.PI * 2000 * i) / sampleRate);
  }
  return samples;
}
