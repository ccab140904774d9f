import { PLAYBACK_SEGMENT_SECONDS, type PlaybackSegment } from '@music-rooms/domain';
import type { FlacFrame } from './flac-frames';

/**
 * Groups whole frames into segments of about `seconds` each: a segment closes at the first frame
 * boundary at or past its length. A tail shorter than half a segment joins the one before it,
 * so no segment is a sliver and none is longer than one and a half. Together the segments cover
 * the frames from the first to `endOffset` (the end of the file), with no gap or overlap.
 */
export function groupSegments(
  frames: readonly FlacFrame[],
  endOffset: number,
  sampleRate: number,
  seconds = PLAYBACK_SEGMENT_SECONDS,
): PlaybackSegment[] {
  const first = frames[0];
  if (!first) return [];
  const target = Math.max(1, Math.round(seconds * sampleRate));
  const segments: PlaybackSegment[] = [];
  let start = first;
  for (const frame of frames) {
    if (frame.sample - start.sample < target) continue;
    segments.push({ sample: start.sample, byteStart: start.offset, byteEnd: frame.offset });
    start = frame;
  }
  const last = frames[frames.length - 1]!;
  const tailSamples = last.sample + last.blockSize - start.sample;
  const previous = segments[segments.length - 1];
  if (previous && tailSamples < target / 2) {
    previous.byteEnd = endOffset;
  } else {
    segments.push({ sample: start.sample, byteStart: start.offset, byteEnd: endOffset });
  }
  return segments;
}
