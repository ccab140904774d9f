import type { PlaybackManifest } from '@music-rooms/domain/player';

/** The track's length in seconds, to the sample. */
export const durationOf = (manifest: PlaybackManifest): number =>
  manifest.totalSamples / manifest.sampleRate;

/**
 * The index of the segment holding a position in seconds: the last one starting at or before
 * it. Positions before the start or past the end give the first or the last segment.
 */
export function segmentIndexAt(manifest: PlaybackManifest, positionSeconds: number): number {
  const { segments } = manifest;
  const last = segments.length - 1;
  if (last < 0 || !(positionSeconds > 0)) return 0;
  const sample = Math.floor(positionSeconds * manifest.sampleRate);
  let low = 0;
  let high = last;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (segments[middle]!.sample <= sample) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The samples a segment holds: up to where the next one starts, or to the end of the track. */
export function segmentLength(manifest: PlaybackManifest, index: number): number {
  const next = manifest.segments[index + 1]?.sample ?? manifest.totalSamples;
  return next - manifest.segments[index]!.sample;
}
