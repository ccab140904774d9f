import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundledFfmpegPath } from '../../../server/src/media';
import {
  craftedWav,
  withClaimedFrames,
  withHugeId3Frame,
} from '../../../server/test/helpers/hostile-audio';
import { appClient } from '../lib/app-client';
import { watchChildren } from '../lib/child-peaks';
import { probeHealth } from '../lib/health-probe';
import { startAppServer, stopServer } from '../lib/servers';
import { round } from '../lib/stats';
import type { Bench } from '../lib/types';

const PORT = 39_400;
const BASE = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

const app = appClient(BASE);

/** A second of a tone as MP3, from the bundled ffmpeg (the app's own may be another). */
function toneMp3(dir: string): Buffer {
  const file = path.join(dir, 'tone.mp3');
  execFileSync(bundledFfmpegPath(), [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=duration=1'],
    ...['-c:a', 'libmp3lame', '-b:a', '128k', file],
  ]);
  return fs.readFileSync(file);
}

/** Bytes that are no audio at all, the same each run. */
function garbage(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let at = 0; at < size; at += 1) out[at] = (at * 2_654_435_761) >>> 24;
  return out;
}

/** The hostile files, by kind, each with the name it is uploaded under. */
function hostileFiles(dir: string): [string, Buffer, string][] {
  const mp3 = toneMp3(dir);
  const wavHeaderOnly = craftedWav({ sampleRate: 44_100, channels: 2 }, 0);
  return [
    ['sampleRate1Wav', craftedWav({ sampleRate: 1, channels: 1, byteRate: 2 }, 88 * 1024), 'wav'],
    ['channels200Wav', craftedWav({ sampleRate: 44_100, channels: 200 }, 256 * 1024), 'wav'],
    ['hugeId3FrameMp3', withHugeId3Frame(mp3, 120 * MB), 'mp3'],
    ['truncatedMp3', mp3.subarray(0, 2000), 'mp3'],
    ['garbageAfterMp3Header', Buffer.concat([mp3.subarray(0, 1000), garbage(4 * MB)]), 'mp3'],
    ['garbageAfterWavHeader', Buffer.concat([wavHeaderOnly, garbage(4 * MB)]), 'wav'],
    ['tinyClaimingYearsMp3', withClaimedFrames(mp3, 0xffff_fff0), 'mp3'],
  ];
}

export const hostileFilesBench: Bench = {
  name: 'hostile-files',
  description:
    'crafted uploads (1 Hz WAV, 200 channels, 120 MB ID3 frame, garbage, false durations): time and ffmpeg memory of each, health meanwhile',
  run: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-hostile-'));
    const server = await startAppServer(dataDir, PORT);
    const ffmpegRuns = watchChildren(server.pid!, 'ffmpeg');
    const health = probeHealth(`${BASE}/api/health`);
    const figures: Record<string, number | string> = {};
    let worstSeconds = 0;
    let worstPeakMB = 0;
    try {
      const { cookie, roomId } = await app.ownerWithRoom('hostile');
      for (const [kind, bytes, extension] of hostileFiles(dataDir)) {
        const filename = `Hostile - ${kind}.${extension}`;
        await app.upload(bytes, cookie, roomId, { filename, chunkSize: 16 * MB });
        const started = performance.now();
        const status = await settled(cookie, roomId, filename);
        const seconds = (performance.now() - started) / 1000;
        const runs = ffmpegRuns.take();
        const peakMB = Math.max(0, ...runs.map((run) => run.peakRssKb)) / 1024;
        const ffmpegSeconds = Math.max(0, ...runs.map((run) => run.lastMs - run.firstMs)) / 1000;
        figures[`${kind}.status`] = status;
        figures[`${kind}.seconds`] = round(seconds, 2);
        figures[`${kind}.ffmpegRuns`] = runs.length;
        figures[`${kind}.ffmpegLongestSeconds`] = round(ffmpegSeconds, 2);
        figures[`${kind}.ffmpegPeakMB`] = round(peakMB);
        worstSeconds = Math.max(worstSeconds, seconds);
        worstPeakMB = Math.max(worstPeakMB, peakMB);
      }
    } finally {
      ffmpegRuns.stop();
      Object.assign(figures, await health.stop());
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return {
      worstSeconds: round(worstSeconds, 2),
      worstFfmpegPeakMB: round(worstPeakMB),
      ...figures,
      loadavg: os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(' '),
    };
  },
};

/** Waits until the upload named `filename` has left processing: its track's status. */
async function settled(cookie: string, roomId: string, filename: string): Promise<string> {
  const title = filename.replace(/^Hostile - /, '').replace(/\.\w+$/, '');
  for (;;) {
    const { tracks } = await app.call<{ tracks: { title: string; status: string }[] }>(
      'query',
      'tracks.list',
      { roomId },
      cookie,
    );
    const track = tracks.find((item) => item.title === title);
    if (track && track.status !== 'processing') return track.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
