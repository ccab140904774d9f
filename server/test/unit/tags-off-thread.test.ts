import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseAudio, readAudioTags, resolveFfmpegPath } from '../../src/media';
import { decoderInput } from '../../src/media/probe';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { withHugeId3Frame } from '../helpers/hostile-audio';

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tags-off-thread-'));
  const mp3 = await fs.readFile(await makeAudioFixture(dir, 'mp3', { seconds: 1 }));
  file = path.join(dir, 'huge-frame.mp3');
  await fs.writeFile(file, withHugeId3Frame(mp3, 120 * 1024 * 1024));
}, 60_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('reading the tags of a file with a 120 MB ID3 frame', () => {
  it('leaves the event loop free to answer meanwhile', { timeout: 120_000 }, async () => {
    const delay = monitorEventLoopDelay({ resolution: 20 });
    delay.enable();
    const tags = await readAudioTags(file);
    delay.disable();

    expect(tags.sampleRate).toBe(44_100);
    // Parsed on this thread, the frame held it for seconds (24 s on a busy 2-core machine);
    // the bound is far above what any scheduling hiccup of an idle thread amounts to.
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('is decoded from past the tag, which ffmpeg would otherwise load whole', async () => {
    expect(await decoderInput(file)).toContain('-skip_initial_bytes');
    const analysis = await analyseAudio(resolveFfmpegPath(null), file, { timeLimitMs: 60_000 });
    expect(analysis.decodedSeconds).toBeGreaterThan(0.9);
  });
});
