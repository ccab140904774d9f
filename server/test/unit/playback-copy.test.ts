import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAYBACK_SEGMENT_SECONDS, type PlaybackSegment } from '@music-rooms/domain';
import type { FlacFrame } from '../../src/media/flac-frames';
import { makePlaybackCopy, type PlaybackCopyFile } from '../../src/media/playback-copy';
import { groupSegments } from '../../src/media/playback-segments';
import { decodeFlac, ffmpeg, makeSource } from '../helpers/flac';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'playback-copy-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Frames of the given block sizes, each `bytesPerSample` bytes a sample, from offset 42. */
function framesOf(blockSizes: number[], bytesPerSample = 2): FlacFrame[] {
  let offset = 42;
  let sample = 0;
  return blockSizes.map((blockSize) => {
    const frame = { offset, sample, blockSize };
    offset += blockSize * bytesPerSample;
    sample += blockSize;
    return frame;
  });
}

const endOf = (frames: FlacFrame[]) => {
  const last = frames[frames.length - 1]!;
  return last.offset + last.blockSize * 2;
};

/** Each segment's sample count (the next one's first sample, or the total, minus its own). */
const lengthsOf = (segments: readonly PlaybackSegment[], total: number) =>
  segments.map((segment, i) => (segments[i + 1]?.sample ?? total) - segment.sample);

/** The segments cover the frames end to end: no gap, no overlap, each on a frame boundary. */
function expectCover(segments: readonly PlaybackSegment[], frames: FlacFrame[], end: number) {
  const starts = new Map(frames.map((frame) => [frame.offset, frame.sample]));
  expect(segments[0]).toMatchObject({ sample: 0, byteStart: frames[0]!.offset });
  expect(segments[segments.length - 1]!.byteEnd).toBe(end);
  segments.forEach((segment, i) => {
    expect(starts.get(segment.byteStart)).toBe(segment.sample);
    expect(segment.byteEnd).toBeGreaterThan(segment.byteStart);
    if (i > 0) expect(segment.byteStart).toBe(segments[i - 1]!.byteEnd);
  });
}

describe('grouping frames into segments', () => {
  it('closes a segment at the first frame boundary past ten seconds', () => {
    const frames = framesOf(Array<number>(250).fill(4608)); // 26.1 s at 44.1 kHz
    const segments = groupSegments(frames, endOf(frames), 44_100);
    expectCover(segments, frames, endOf(frames));
    const total = 250 * 4608;
    // 96 frames make the first 10.03 s; the 6.1 s left is long enough to stand alone.
    expect(lengthsOf(segments, total)).toEqual([96 * 4608, 96 * 4608, 58 * 4608]);
  });

  it('joins a short tail to the segment before it, and keeps a short track whole', () => {
    const frames = framesOf(Array<number>(200).fill(4608)); // 20.9 s: a 0.8 s tail
    const segments = groupSegments(frames, endOf(frames), 44_100);
    expect(lengthsOf(segments, 200 * 4608)).toEqual([96 * 4608, 104 * 4608]);
    const short = framesOf([4608, 4608, 1000]);
    expect(groupSegments(short, endOf(short), 44_100)).toEqual([
      { sample: 0, byteStart: 42, byteEnd: endOf(short) },
    ]);
    expect(groupSegments([], 42, 44_100)).toEqual([]);
  });

  it('covers any stream of frames with segments of 10 to 15 seconds', () => {
    const stream = fc.record({
      rate: fc.constantFrom(8000, 22_050, 44_100, 48_000),
      blocks: fc.array(fc.integer({ min: 16, max: 16_384 }), { minLength: 1, maxLength: 400 }),
    });
    fc.assert(
      fc.property(stream, ({ rate, blocks }) => {
        const frames = framesOf(blocks);
        const total = blocks.reduce((sum, size) => sum + size, 0);
        const segments = groupSegments(frames, endOf(frames), rate);
        expectCover(segments, frames, endOf(frames));
        const target = PLAYBACK_SEGMENT_SECONDS * rate;
        const lengths = lengthsOf(segments, total);
        lengths.slice(0, -1).forEach((length) => expect(length).toBeGreaterThanOrEqual(target));
        lengths.forEach((length) => expect(length).toBeLessThan(1.5 * target + 2 * 16_384));
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});

/** Decodes every segment alone (the header, then its bytes) and joins the samples. */
async function decodeSegments(copy: PlaybackCopyFile, bytes: Buffer) {
  const parts: Buffer[] = [];
  for (const segment of copy.segments) {
    const data = bytes.subarray(segment.byteStart, segment.byteEnd);
    parts.push(await decodeFlac(Buffer.concat([copy.header, data])));
  }
  return parts;
}

describe('a playback copy made by ffmpeg', () => {
  it('decodes segment by segment to exactly the samples of the whole file', async () => {
    const source = await makeSource(dir, 'long', { seconds: 31, noise: true });
    const output = path.join(dir, 'long.flac');
    const copy = await makePlaybackCopy(ffmpeg, source, output, {
      sourceRate: 44_100,
      timeLimitMs: 60_000,
    });
    const bytes = await fs.readFile(output);
    expect(copy).toMatchObject({ sampleRate: 44_100, channels: 2, totalSamples: 31 * 44_100 });
    expect(copy.sizeBytes).toBe(bytes.length);
    expect(copy.segments.length).toBe(3);
    const parts = await decodeSegments(copy, bytes);
    const frameBytes = 2 * copy.channels;
    expect(parts.map((part) => part.length / frameBytes)).toEqual(
      lengthsOf(copy.segments, copy.totalSamples),
    );
    expect(Buffer.concat(parts).equals(await decodeFlac(bytes))).toBe(true);
  });

  it('keeps at most 48 kHz and two channels, and any lower rate as it is', async () => {
    const cases = [
      { sampleRate: 96_000, channels: 6, hint: 96_000, expected: [48_000, 2] },
      { sampleRate: 22_050, channels: 1, hint: null, expected: [22_050, 1] },
      { sampleRate: 37_800, channels: 2, hint: 37_800, expected: [37_800, 2] },
    ];
    for (const { sampleRate, channels, hint, expected } of cases) {
      const name = `rate-${sampleRate}-${channels}`;
      const source = await makeSource(dir, name, { seconds: 3, sampleRate, channels });
      const copy = await makePlaybackCopy(ffmpeg, source, path.join(dir, `${name}.flac`), {
        sourceRate: hint,
        timeLimitMs: 60_000,
      });
      expect([copy.sampleRate, copy.channels]).toEqual(expected);
      expect(copy.totalSamples).toBe(3 * expected[0]!);
    }
  });
});
