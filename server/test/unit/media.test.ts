import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyseAudio,
  readAudioTags,
  resolveFfmpegPath,
  sniffAudioFile,
  toCoverWebp,
} from '../../src/media';
import { FIXTURE_FORMATS, makeAudioFixture } from '../helpers/audio-fixtures';

let dir: string;
const ffmpeg = resolveFfmpegPath(null);
const BOUNDS = { timeLimitMs: 60_000 };
const TAGS = {
  title: 'Тестовая песня',
  artist: 'Test Artist',
  album: 'Fixtures',
  year: 2004,
  genre: 'Rock',
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe.each(FIXTURE_FORMATS)('a generated %s file', (format) => {
  it('is recognised from its bytes, whatever its name', async () => {
    const file = await makeAudioFixture(dir, format, { tags: TAGS, cover: '#3366cc' });
    const renamed = path.join(dir, `renamed-${format}.txt`);
    await fs.copyFile(file, renamed);
    const expected = format === 'opus' ? 'opus' : format;
    expect(await sniffAudioFile(renamed)).toBe(expected);
  });

  it('gives its tags, duration and cover', async () => {
    const file = await makeAudioFixture(dir, format, { tags: TAGS, cover: '#3366cc', seconds: 3 });
    const tags = await readAudioTags(file);
    if (format !== 'aac') {
      expect(tags).toMatchObject({ title: TAGS.title, artist: TAGS.artist, year: 2004 });
      expect(tags.picture?.data.length).toBeGreaterThan(50);
    }
    if (tags.durationSeconds !== null) expect(tags.durationSeconds).toBeCloseTo(3, 0);
  });

  it('decodes for loudness, a waveform and the true duration', async () => {
    const file = await makeAudioFixture(dir, format, { seconds: 4 });
    const analysis = await analyseAudio(ffmpeg, file, BOUNDS);
    expect(analysis.decodedSeconds).toBeGreaterThan(3.9);
    expect(analysis.decodedSeconds).toBeLessThan(4.2);
    expect(analysis.loudnessLufs).toBeGreaterThan(-26);
    expect(analysis.loudnessLufs).toBeLessThan(-16);
    // One peak per 10 ms for short tracks (encoders pad a few frames); a thousand at most.
    expect(analysis.peaks.length).toBeGreaterThanOrEqual(400);
    expect(analysis.peaks.length).toBeLessThan(420);
    expect(Math.max(...analysis.peaks)).toBeGreaterThan(20);
  });
});

describe('sniffing', () => {
  it('refuses text, images and truncated junk', async () => {
    const textFile = path.join(dir, 'notes.mp3');
    await fs.writeFile(
      textFile,
      'This is not audio at all, just a renamed text file.\n'.repeat(50),
    );
    const png = path.join(dir, 'image.mp3');
    await fs.writeFile(
      png,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    const empty = path.join(dir, 'empty.flac');
    await fs.writeFile(empty, '');
    for (const file of [textFile, png, empty]) expect(await sniffAudioFile(file)).toBeNull();
  });

  it('finds an MP3 behind an ID3 tag larger than its first read', async () => {
    const big = await sharp({
      create: { width: 600, height: 600, channels: 3, background: '#808080' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(64 * 1024);
    const file = await makeAudioFixture(dir, 'mp3', { tags: TAGS });
    const cover = path.join(dir, 'big.png');
    await fs.writeFile(cover, big);
    const tagged = path.join(dir, 'big-cover.mp3');
    const { execFile } = await import('node:child_process');
    await new Promise<void>((resolve, reject) =>
      execFile(
        ffmpeg,
        [
          '-y',
          '-loglevel',
          'error',
          '-i',
          file,
          '-i',
          cover,
          '-map',
          '0:a',
          '-map',
          '1:v',
          '-c',
          'copy',
          '-disposition:v:0',
          'attached_pic',
          tagged,
        ],
        (error) => (error ? reject(error) : resolve()),
      ),
    );
    expect(await sniffAudioFile(tagged)).toBe('mp3');
  });

  it('fails the analysis of a truncated MP3 only when nothing decodes', async () => {
    const file = await makeAudioFixture(dir, 'mp3', { seconds: 4 });
    const bytes = await fs.readFile(file);
    const truncated = path.join(dir, 'truncated.mp3');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expect(await sniffAudioFile(truncated)).toBe('mp3');
    const analysis = await analyseAudio(ffmpeg, truncated, BOUNDS);
    expect(analysis.decodedSeconds).toBeGreaterThan(1.5);
    expect(analysis.decodedSeconds).toBeLessThan(2.5);
  });
});

describe('waveforms', () => {
  it('hold a thousand peaks for a long track, quiet where the audio is quiet', async () => {
    const loud = await makeAudioFixture(dir, 'wav', { seconds: 20, fileName: 'loud.wav' });
    const quiet = await makeAudioFixture(dir, 'wav', {
      seconds: 20,
      gainDb: -30,
      fileName: 'quiet.wav',
    });
    const [a, b] = await Promise.all([
      analyseAudio(ffmpeg, loud, BOUNDS),
      analyseAudio(ffmpeg, quiet, BOUNDS),
    ]);
    expect(a.peaks.length).toBe(1000);
    expect(Math.min(...a.peaks)).toBeGreaterThan(Math.max(...b.peaks));
    expect(b.loudnessLufs!).toBeLessThan(a.loudnessLufs! - 25);
  });
});

describe('covers', () => {
  it('are stored as 512×512 WebP, cropped to the middle', async () => {
    const wide = await sharp({
      create: { width: 1200, height: 300, channels: 3, background: '#c03' },
    })
      .jpeg()
      .toBuffer();
    const webp = await toCoverWebp(wide);
    const meta = await sharp(webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('refuses bytes that are no image', async () => {
    await expect(toCoverWebp(Buffer.from('not an image'))).rejects.toThrow();
  });
});
