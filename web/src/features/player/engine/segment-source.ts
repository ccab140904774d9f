import type { TrackId } from '@music-rooms/domain/ids';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import { mediaUrl } from '../../tracks/media-url';
import { createSegmentSource } from './segment-decode';
import { takeEarlyTrack } from './early-track';
import { fetchManifest } from './segment-fetch';

/**
 * A track as the player decodes it: in segments of about ten seconds of whole FLAC frames
 * (the track's playback copy, design "The playback copy"), never the whole file. Each
 * segment's buffer is at the track's own sample rate; laid end to end, the buffers are the
 * track sample for sample. A failed fetch rejects with a SegmentFetchError (segment-fetch.ts).
 */
export type DecodedSegment = {
  index: number;
  startSample: number;
  startSeconds: number;
  buffer: AudioBuffer;
};

export type SegmentSource = {
  readonly manifest: PlaybackManifest;
  readonly durationSeconds: number;
  /** The index of the segment that holds this position (clamped). */
  segmentAt(positionSeconds: number): number;
  /** Fetches (Range) and decodes one segment; cached (small LRU of decoded segments so memory stays bounded: a 60-minute track never holds more than a few segments); concurrent calls for one index share one fetch. */
  load(index: number, signal?: AbortSignal): Promise<DecodedSegment>;
  /** Drops every cached segment (track changed). */
  close(): void;
};

/**
 * Fetches a track's playback manifest, with the room pass of the tab, and opens its segments;
 * or takes the same track opened as the app started (`early-track.ts`), unless that failed.
 */
export async function openSegmentSource(
  context: BaseAudioContext,
  trackId: TrackId,
  access: { accessToken?: string; session_id?: string },
  signal?: AbortSignal,
): Promise<SegmentSource> {
  const url = mediaUrl(trackId, 'playback', access);
  const opened = await takeEarlyTrack(url)?.catch(() => null);
  if (opened) return opened;
  return createSegmentSource(context, await fetchManifest(url, signal));
}
