import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { resolveFfmpegPath } from '../../src/media';
import { id3Length } from '../../src/media/sniff';

const run = promisify(execFile);

export type FixtureFormat = 'mp3' | 'wav' | 'flac' | 'm4a' | 'aac' | 'ogg' | 'opus';
export const FIXTURE_FORMATS: FixtureFormat[] = ['mp3', 'wav', 'flac', 'm4a', 'aac', 'ogg', 'opus'];

export type FixtureTags = {
  title?: string;
  artist?: string;
  album?: string;
  year?: number;
  genre?: string;
};

export type FixtureOptions = {
  seconds?: number;
  /** Tone frequency; different tones make different content hashes. */
  frequency?: number;
  /** Gain of the tone in dB (0 is ffmpeg's default sine level, about -21 LUFS). */
  gainDb?: number;
  tags?: FixtureTags;
  /** Colour of a 300×200 embedded cover, or none. Raw AAC cannot carry one. */
  cover?: string;
  fileName?: string;
};

const ENCODER: Record<FixtureFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '128k'],
  wav: ['-c:a', 'pcm_s16le'],
  flac: ['-c:a', 'flac'],
  m4a: ['-c:a', 'aac', '-b:a', '128k'],
  aac: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '3'],
  opus: ['-c:a', 'libopus', '-b:a', '64k'],
};

function tagArgs(tags: FixtureTags = {}): string[] {
  const entries = Object.entries({ ...tags, date: tags.year, year: undefined });
  return entries.flatMap(([key, value]) =>
    value === undefined ? [] : ['-metadata', `${key}=${String(value)}`],
  );
}

const coverPng = (colour: string) =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** A FLAC picture block, base64, as Vorbis comments carry covers (METADATA_BLOCK_PICTURE). */
function vorbisPicture(png: Buffer): string {
  const mime = Buffer.from('image/png');
  const head = Buffer.alloc(8 + mime.length + 4 + 20);
  let at = head.writeUInt32BE(3, 0); // front cover
  at = head.writeUInt32BE(mime.length, at);
  at += mime.copy(head, at);
  at = head.writeUInt32BE(0, at); // no description
  for (const value of [300, 200, 24, 0]) at = head.writeUInt32BE(value, at);
  head.writeUInt32BE(png.length, at);
  return Buffer.concat([head, png]).toString('base64');
}

/** Adds an ID3 tag (cover included) to a WAV file as its "id3 " chunk. */
async function addWavId3(file: string, id3: Buffer): Promise<void> {
  const wav = await fs.readFile(file);
  const chunk = Buffer.alloc(8);
  chunk.write('id3 ', 0, 'ascii');
  chunk.writeUInt32LE(id3.length, 4);
  const padded = id3.length % 2 ? Buffer.concat([id3, Buffer.alloc(1)]) : id3;
  const out = Buffer.concat([wav, chunk, padded]);
  out.writeUInt32LE(out.length - 8, 4);
  await fs.writeFile(file, out);
}

/** Generates a tone in the given format, with tags and an embedded cover, using ffmpeg. */
export async function makeAudioFixture(
  dir: string,
  format: FixtureFormat,
  options: FixtureOptions = {},
): Promise<string> {
  const ffmpeg = resolveFfmpegPath(process.env.FFMPEG_PATH ?? null);
  const file = path.join(dir, options.fileName ?? `fixture-${format}-${Date.now()}.${format}`);
  const tone = `sine=frequency=${options.frequency ?? 440}:duration=${options.seconds ?? 2}`;
  const input = ['-f', 'lavfi', '-i', tone];
  const gain = ['-af', `volume=${options.gainDb ?? 0}dB`];
  const picture = options.cover && format !== 'aac' ? await coverPng(options.cover) : null;
  const tags = tagArgs(options.tags);
  const args = ['-y', '-hide_banner', '-loglevel', 'error', ...input];
  if (picture && ['mp3', 'flac', 'm4a'].includes(format)) {
    const png = path.join(dir, `cover-${Date.now()}.png`);
    await fs.writeFile(png, picture);
    args.push('-i', png, '-map', '0:a', '-map', '1:v', '-c:v', 'copy');
    args.push('-disposition:v:0', 'attached_pic');
  }
  if (picture && (format === 'ogg' || format === 'opus')) {
    tags.push('-metadata', `METADATA_BLOCK_PICTURE=${vorbisPicture(picture)}`);
  }
  if (format === 'wav') args.push('-write_id3v2', '1');
  await run(ffmpeg, [...args, ...gain, ...ENCODER[format], ...tags, file]);
  if (picture && format === 'wav') {
    // ffmpeg's WAV muxer takes no picture: borrow a full ID3 tag from an MP3 made alike.
    const donor = await makeAudioFixture(dir, 'mp3', {
      ...options,
      fileName: `donor-${Date.now()}.mp3`,
    });
    const bytes = await fs.readFile(donor);
    await addWavId3(file, bytes.subarray(0, id3Length(bytes)));
  }
  return file;
}
