import { normalizationGain } from '../../player/engine/loudness';

/** Peaks above this (dBTP) after the gain may clip once encoded or resampled. */
export const CLIP_RISK_DBTP = -1;

/** The gain the player applies to a track of `lufs` with "normalize volume" on, in dB. */
export function playerGainDb(lufs: number | null): number {
  return 20 * Math.log10(normalizationGain(lufs, true));
}

/** "+3.2 dB", "−1.0 dB", "0.0 dB". */
export const formatDb = (db: number, unit = 'dB') =>
  `${db > 0.05 ? '+' : ''}${db.toFixed(1).replace('-', '−')} ${unit}`;
