import type { PlaybackManifest } from '@music-rooms/domain/player';
import type { DecodedSegment, SegmentSource } from './segment-source';
import { decodableSegment, fetchSegmentBytes, headerBytes } from './segment-fetch';
import { durationOf, segmentIndexAt } from './segment-index';
import { SharedLoads } from './segment-loads';

/**
 * Decoded segments one source keeps: the one playing, the next, and one on either side. Ten
 * seconds of 48 kHz stereo is about 4 MB decoded, so a source holds some 16 MB at most,
 * whatever the track's length.
 */
export const SEGMENTS_KEPT = 4;

/**
 * Where segments are decoded: at the track's own sample rate, so that decoding never resamples
 * a segment on its own (which would blur every join) and the segments laid end to end are the
 * track sample for sample. The player's context serves when its rate is the track's; otherwise
 * a one-sample offline context at the track's rate does the decoding, and playing the buffer
 * in the player's context converts the rate once, continuously.
 */
function decoderFor(context: BaseAudioContext, manifest: PlaybackManifest): BaseAudioContext {
  if (context.sampleRate === manifest.sampleRate) return context;
  if (typeof OfflineAudioContext === 'undefined') return context;
  return new OfflineAudioContext(manifest.channels, 1, manifest.sampleRate);
}

/** A SegmentSource over a manifest already fetched (see openSegmentSource). */
export function createSegmentSource(
  context: BaseAudioContext,
  manifest: PlaybackManifest,
): SegmentSource {
  const header = headerBytes(manifest);
  let decoder: BaseAudioContext | null = null;
  const loads = new SharedLoads<number, DecodedSegment>(SEGMENTS_KEPT, async (index, signal) => {
    const segment = manifest.segments[index]!;
    const frames = await fetchSegmentBytes(manifest.dataUrl, segment, signal);
    signal.throwIfAborted();
    decoder ??= decoderFor(context, manifest);
    const buffer = await decoder.decodeAudioData(decodableSegment(header, frames));
    const startSeconds = segment.sample / manifest.sampleRate;
    return { index, startSample: segment.sample, startSeconds, buffer };
  });
  return {
    manifest,
    durationSeconds: durationOf(manifest),
    segmentAt: (positionSeconds) => segmentIndexAt(manifest, positionSeconds),
    load(index, signal) {
      if (!Number.isInteger(index) || index < 0 || index >= manifest.segments.length) {
        return Promise.reject(new RangeError(`No segment ${index} in this track`));
      }
      return loads.get(index, signal);
    },
    close: () => loads.clear(),
  };
}
