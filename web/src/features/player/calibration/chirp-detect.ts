import { crossCorrelate } from './correlate';

/**
 * How far the correlation's peak must stand above its typical level to count as the chirp: in
 * noise alone the highest of a hundred thousand lags is about 4.5 times the RMS.
 */
const FOUND_RATIO = 8;

/** Where a chirp was heard: the sample where it begins, and how clearly. */
export type ChirpArrival = { sample: number; clarity: number };

/**
 * Finds where `chirp` begins in `recording` (a matched filter: the lag of the highest
 * correlation), to the sample, searching only where it may begin (`within`, samples); null when
 * nothing stands out clearly enough to be it.
 */
export function findChirp(
  recording: Float32Array,
  chirp: Float32Array,
  within: { from: number; to: number } = { from: 0, to: recording.length },
): ChirpArrival | null {
  const from = Math.max(0, Math.round(within.from));
  const to = Math.min(recording.length, Math.round(within.to) + chirp.length);
  if (to <= from) return null;
  const found = findIn(recording.subarray(from, to), chirp);
  return found && { ...found, sample: found.sample + from };
}

function findIn(recording: Float32Array, chirp: Float32Array): ChirpArrival | null {
  const correlation = crossCorrelate(recording, chirp);
  if (correlation.length === 0) return null;
  let best = 0;
  let sumSquares = 0;
  for (let i = 0; i < correlation.length; i += 1) {
    const value = Math.abs(correlation[i]!);
    sumSquares += value * value;
    if (value > Math.abs(correlation[best]!)) best = i;
  }
  const rms = Math.sqrt(sumSquares / correlation.length);
  const clarity = rms === 0 ? 0 : Math.abs(correlation[best]!) / rms;
  return clarity >= FOUND_RATIO ? { sample: best, clarity } : null;
}
