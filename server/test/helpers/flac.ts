import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpegPath } from '../../src/media';
import { playbackCopyArgs } from '../../src/media/playback-copy';

const run = promisify(execFile);
export const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH ?? null);

export type SourceOptions = {
  seconds: number;
  sampleRate?: number;
  channels?: number;
  /** White noise: its FLAC frames are full of bytes that look like frame syncs. */
  noise?: boolean;
};

/** A 24-bit WAV file of a tone or of noise, at any rate and channel count. */
export async function makeSource(dir: string, name: string, options: SourceOptions) {
  const rate = options.sampleRate ?? 44_100;
  const channels = options.channels ?? 2;
  const file = path.join(dir, `${name}.wav`);
  const signal = options.noise
    ? `anoisesrc=color=white:amplitude=0.5:seed=7:sample_rate=${rate}:duration=${options.seconds}`
    : `sine=frequency=440:sample_rate=${rate}:duration=${options.seconds}`;
  const layout = `pan=${channels}c|${Array.from({ length: channels }, (_, i) => `c${i}=c0`).join('|')}`;
  await run(
    ffmpeg,
    ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', signal, '-af', layout].concat([
      '-c:a',
      'pcm_s24le',
      file,
    ]),
  );
  return file;
}

/** Encodes a playback copy with the app's own ffmpeg arguments. */
export async function encodeCopy(source: string, output: string, sourceRate: number | null = null) {
  await run(ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    ...playbackCopyArgs(source, output, sourceRate),
  ]);
  return output;
}

/** Decodes FLAC bytes (a whole file, or a header and a run of frames) to 16-bit PCM. */
export async function decodeFlac(bytes: Uint8Array): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      ffmpeg,
      ['-loglevel', 'error', '-f', 'flac', '-i', 'pipe:0', '-f', 's16le', 'pipe:1'],
      { encoding: 'buffer', maxBuffer: 1 << 30 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin!.end(Buffer.from(bytes));
  });
}
