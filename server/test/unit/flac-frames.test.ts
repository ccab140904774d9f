import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlacFrameScanner, readFrameHeader, type FlacFrame } from '../../src/media/flac-frames';
import { FlacFormatError, readFlacMetadata, segmentHeader } from '../../src/media/flac-stream-info';
import { encodeCopy, makeSource } from '../helpers/flac';

let dir: string;
/** 12 s of stereo white noise as ffmpeg encodes a playback copy of it: the hard case. */
let noise: Buffer;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flac-frames-'));
  const source = await makeSource(dir, 'noise', { seconds: 12, noise: true });
  noise = await fs.readFile(await encodeCopy(source, path.join(dir, 'noise.flac')));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** Feeds the bytes in chunks of the sizes given, round and round. */
function scanInChunks(bytes: Uint8Array, sizes: number[]): FlacFrame[] {
  const scanner = new FlacFrameScanner();
  const frames: FlacFrame[] = [];
  for (let at = 0, turn = 0; at < bytes.length; turn += 1) {
    const size = sizes[turn % sizes.length]!;
    frames.push(...scanner.push(bytes.subarray(at, at + size)));
    at += size;
  }
  frames.push(...scanner.end());
  return frames;
}

const scan = (bytes: Uint8Array) => scanInChunks(bytes, [bytes.length]);

describe('the FLAC frame scanner on ffmpeg’s output', () => {
  it('finds every frame, each starting at the sample after the one before', () => {
    const frames = scan(noise);
    const { streamInfo, audioOffset } = readFlacMetadata(noise)!;
    expect(frames[0]).toEqual({ offset: audioOffset, sample: 0, blockSize: 4608 });
    expect(streamInfo.totalSamples).toBe(12 * 44_100);
    expect(frames.length).toBe(Math.ceil(streamInfo.totalSamples / 4608));
    frames.forEach((frame, i) => {
      const header = readFrameHeader(noise, frame.offset, streamInfo);
      expect(header).toMatchObject({ variable: false, number: i, blockSize: frame.blockSize });
      if (i > 0) expect(frame.sample).toBe(frames[i - 1]!.sample + frames[i - 1]!.blockSize);
    });
    const last = frames[frames.length - 1]!;
    expect(last.sample + last.blockSize).toBe(streamInfo.totalSamples);
  });

  it('passes over the false syncs inside the audio data', () => {
    const starts = new Set(scan(noise).map((frame) => frame.offset));
    const { audioOffset } = readFlacMetadata(noise)!;
    let falseSyncs = 0;
    for (let i = audioOffset; i + 1 < noise.length; i += 1) {
      if (noise[i] === 0xff && (noise[i + 1]! & 0xfe) === 0xf8 && !starts.has(i)) falseSyncs += 1;
    }
    // Noise leaves dozens of sync patterns in the frames' data; none was taken for a frame.
    expect(falseSyncs).toBeGreaterThan(10);
  });

  it('finds the same frames whatever size the chunks come in', () => {
    const whole = scan(noise);
    expect(scanInChunks(noise, [1, 2, 3, 5, 8, 13, 21])).toEqual(whole);
    expect(scanInChunks(noise, [65_536])).toEqual(whole);
    expect(scanInChunks(noise, [4096, 17, 100_003])).toEqual(whole);
  });

  it('refuses a header whose CRC-8 does not match', () => {
    const { streamInfo } = readFlacMetadata(noise)!;
    const second = scan(noise)[1]!;
    const damaged = Uint8Array.from(noise);
    damaged[second.offset + 2]! ^= 0x10; // another block size code, same shape
    expect(readFrameHeader(noise, second.offset, streamInfo)).not.toBeNull();
    expect(readFrameHeader(damaged, second.offset, streamInfo)).toBeNull();
  });

  it('fails on a damaged frame or a cut stream rather than index it wrongly', () => {
    const damaged = Uint8Array.from(noise);
    damaged[Math.floor(noise.length / 2)]! ^= 0x01;
    expect(() => scan(damaged)).toThrow(FlacFormatError);
    expect(() => scan(noise.subarray(0, noise.length - 100))).toThrow(FlacFormatError);
    expect(() => scan(noise.subarray(0, 30))).toThrow(FlacFormatError);
    expect(() => scan(Buffer.from('RIFF and more bytes that are no FLAC'))).toThrow(
      FlacFormatError,
    );
  });
});

describe('the header put before each segment', () => {
  it('is fLaC and STREAMINFO alone, with the total samples and MD5 cleared', () => {
    const { streamInfo } = readFlacMetadata(noise)!;
    const header = segmentHeader(streamInfo);
    const reread = readFlacMetadata(header)!;
    expect(reread.audioOffset).toBe(header.length);
    expect(reread.streamInfo).toMatchObject({
      sampleRate: 44_100,
      channels: 2,
      bitsPerSample: 16,
      maxBlockSize: streamInfo.maxBlockSize,
      totalSamples: 0,
    });
    expect([...header.subarray(header.length - 16)].every((byte) => byte === 0)).toBe(true);
  });

  it('is read only once whole: null while the metadata is still arriving', () => {
    expect(readFlacMetadata(noise.subarray(0, 3))).toBeNull();
    expect(readFlacMetadata(noise.subarray(0, 20))).toBeNull();
  });
});
