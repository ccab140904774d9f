import type { TrackId } from '@music-rooms/domain/ids';
import type { PlaybackManifest } from '@music-rooms/domain/player';

/**
 * What the engine needs of a track's audio: the segment source of `segment-source.ts` (the
 * playback copy, fetched and decoded a segment at a time) has this shape.
 */
export type TrackSegment = { index: number; startSeconds: number; buffer: AudioBuffer };

export type TrackSource = {
  readonly manifest: PlaybackManifest;
  readonly durationSeconds: number;
  segmentAt(positionSeconds: number): number;
  load(index: number, signal?: AbortSignal): Promise<TrackSegment>;
  close(): void;
};

/** Opens a track's audio for a context; the signal cancels the opening. */
export type OpenTrack = (
  context: BaseAudioContext,
  trackId: TrackId,
  signal: AbortSignal,
) => Promise<TrackSource>;

/** A segment's place in its track, in seconds: [start, end). */
export function segmentBounds(source: TrackSource, index: number): { start: number; end: number } {
  const { segments, sampleRate } = source.manifest;
  const start = segments[index]!.sample / sampleRate;
  const next = segments[index + 1];
  return { start, end: next ? next.sample / sampleRate : source.durationSeconds };
}
