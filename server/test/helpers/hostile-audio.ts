import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpegPath } from '../../src/media';

const run = promisify(execFile);

export type WavHeader = {
  sampleRate: number;
  channels: number;
  /** Bytes per second as the header claims them (not checked against the rest). */
  byteRate?: number;
  bitsPerSample?: number;
  /** The data chunk's length as claimed; the bytes that follow may be fewer. */
  claimedDataBytes?: number;
};

/**
 * A WAV file whose header says whatever it is told, followed by `dataBytes` of noise: the
 * crafted files a decoder must not be fed (a sample rate of 1 Hz, 200 channels, hours of audio
 * in a few kilobytes).
 */
export function craftedWav(header: WavHeader, dataBytes: number): Buffer {
  const bits = header.bitsPerSample ?? 16;
  const blockAlign = (header.channels * bits) / 8;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVEfmt ', 8, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(header.channels, 22);
  out.writeUInt32LE(header.sampleRate, 24);
  out.writeUInt32LE(header.byteRate ?? header.sampleRate * blockAlign, 28);
  out.writeUInt16LE(blockAlign, 32);
  out.writeUInt16LE(bits, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(Math.min(header.claimedDataBytes ?? dataBytes, 0xffffffff), 40);
  // Noise rather than zeros: nothing in it compresses away or stands out.
  for (let at = 44; at < out.length; at += 1) out[at] = (at * 2_654_435_761) >>> 24;
  return out;
}

/** An MP3 whose ID3 tag holds one frame of `frameBytes` (a comment nobody reads), before audio. */
export function withHugeId3Frame(audio: Buffer, frameBytes: number): Buffer {
  const frame = Buffer.alloc(10 + frameBytes, 0x41);
  frame.write('TXXX', 0, 'ascii');
  frame.writeUInt32BE(frameBytes, 4);
  frame.writeUInt16BE(0, 8);
  frame[10] = 0; // ISO-8859-1, then the description and value fill the rest
  const size = frame.length;
  const syncsafe = [(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f];
  const header = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, ...syncsafe]);
  return Buffer.concat([header, frame, audio]);
}

/**
 * A mono FLAC file of silence, tiny (a few kilobytes an hour) but as long as asked: what
 * decodes for tens of seconds while a test does something meanwhile.
 */
export async function longSilence(dir: string, seconds: number): Promise<string> {
  const file = path.join(dir, `silence-${seconds}s.flac`);
  const source = `anullsrc=r=48000:cl=mono:nb_samples=32768`;
  await run(resolveFfmpegPath(process.env.FFMPEG_PATH ?? null), [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', source, '-t', String(seconds)],
    ...['-c:a', 'flac', '-compression_level', '0', '-frame_size', '32768', file],
  ]);
  return file;
}

/** The ids of the processes whose command line names `file` (the ffmpeg runs reading it). */
export async function processesReading(file: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(file)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * An MP3 file whose Xing (or Info) header claims `frames` frames (2^32 at most: years of audio),
 * whatever follows it.
 */
export function withClaimedFrames(mp3: Buffer, frames: number): Buffer {
  const out = Buffer.from(mp3);
  const at = [out.indexOf('Xing'), out.indexOf('Info')].find((found) => found >= 0);
  if (at === undefined) throw new Error('the MP3 has no Xing header');
  // Flags come first; bit 0 says that the frame count follows them.
  out.writeUInt32BE(out.readUInt32BE(at + 4) | 1, at + 4);
  out.writeUInt32BE(frames, at + 8);
  return out;
}
