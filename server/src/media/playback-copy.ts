import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { PlaybackSegment } from '@music-rooms/domain';
import { runFfmpeg, type FfmpegBounds } from './ffmpeg';
import { decoderInput } from './probe';
import { FlacFrameScanner, type FlacFrame } from './flac-frames';
import { segmentHeader } from './flac-stream-info';
import { groupSegments } from './playback-segments';

/** The highest sample rate a playback copy keeps; anything above is resampled to it. */
export const PLAYBACK_MAX_SAMPLE_RATE = 48_000;

/** Rates a copy may have besides the source's own (ffmpeg picks the nearest for any other). */
const COMMON_RATES = [8000, 11_025, 12_000, 16_000, 22_050, 24_000, 32_000, 44_100, 48_000];

/** A playback copy on the local disk, indexed: what the player's manifest is made of. */
export type PlaybackCopyFile = {
  sampleRate: number;
  channels: number;
  totalSamples: number;
  sizeBytes: number;
  /** `fLaC` and STREAMINFO as the only block, total samples and MD5 cleared. */
  header: Uint8Array;
  segments: PlaybackSegment[];
  /** sha256 of the file, hex. */
  sha256: string;
};

/**
 * The ffmpeg arguments of a copy: the first audio stream only, no tags or pictures, bit-exact
 * (no encoder version written, so the same audio makes the same bytes), 16-bit, mono or
 * stereo (more channels are mixed down), at the source's rate when it is at most 48 kHz.
 */
export function playbackCopyArgs(
  input: string,
  output: string,
  sourceRate: number | null,
  inputArgs = ['-i', input],
) {
  const keep = sourceRate && sourceRate <= PLAYBACK_MAX_SAMPLE_RATE ? [sourceRate] : [];
  const rates = [...new Set([...COMMON_RATES, ...keep])].sort((a, b) => a - b).join('|');
  const format = `aformat=sample_fmts=s16:sample_rates=${rates}:channel_layouts=mono|stereo`;
  return [
    ...[...inputArgs, '-map', '0:a:0', '-map_metadata', '-1'],
    ...['-fflags', '+bitexact', '-flags:a', '+bitexact', '-af', format],
    ...['-c:a', 'flac', '-f', 'flac', '-y', output],
  ];
}

/**
 * Reads a FLAC file once: its frames (checked: see FlacFrameScanner), the segments they group
 * into, the header a segment is decoded after, and the file's hash.
 */
export async function indexPlaybackCopy(file: string): Promise<PlaybackCopyFile> {
  const scanner = new FlacFrameScanner();
  const hash = createHash('sha256');
  const frames: FlacFrame[] = [];
  let sizeBytes = 0;
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    sizeBytes += bytes.length;
    for (const frame of scanner.push(bytes)) frames.push(frame);
  }
  for (const frame of scanner.end()) frames.push(frame);
  const info = scanner.streamInfo!;
  return {
    sampleRate: info.sampleRate,
    channels: info.channels,
    totalSamples: scanner.totalSamples,
    sizeBytes,
    header: segmentHeader(info),
    segments: groupSegments(frames, sizeBytes, info.sampleRate),
    sha256: hash.digest('hex'),
  };
}

/** Encodes `input` (any format ffmpeg reads) into a playback copy at `output`, and indexes it. */
export async function makePlaybackCopy(
  ffmpeg: string,
  input: string,
  output: string,
  options: { sourceRate: number | null } & FfmpegBounds,
): Promise<PlaybackCopyFile> {
  const args = playbackCopyArgs(input, output, options.sourceRate, await decoderInput(input));
  await runFfmpeg(ffmpeg, args, () => {}, options);
  return indexPlaybackCopy(output);
}
