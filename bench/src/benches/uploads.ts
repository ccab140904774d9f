import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appClient, rssOf, wavNoise } from '../lib/app-client';
import { startAppServer, stopServer } from '../lib/servers';
import { round } from '../lib/stats';
import type { Bench } from '../lib/types';

const PORT = 39_300;
const BASE = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;
const BIG = 200 * MB;
const CHUNK = 8 * MB;

const app = appClient(BASE);

export const uploadsBench: Bench = {
  name: 'uploads',
  description: `tus upload of a ${BIG / MB} MB file on loopback, the server's memory, a resume, processing`,
  run: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-uploads-'));
    const server = await startAppServer(dataDir, PORT);
    try {
      const { cookie, roomId } = await app.ownerWithRoom('uploader');
      const big = wavNoise(BIG);
      const baseline = rssOf(server.pid!);
      let peak = baseline;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 50);
      const started = performance.now();
      await app.upload(big, cookie, roomId, { chunkSize: CHUNK });
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const processingStarted = performance.now();
      await app.waitReady(cookie, roomId);
      const processingSeconds = (performance.now() - processingStarted) / 1000;
      const audioMinutes = (BIG - 44) / (44_100 * 4) / 60;

      // A resume: cut off after 3.5 chunks, then go on from where the server says it got.
      const part = wavNoise(40 * MB);
      const cut = await app.upload(part, cookie, roomId, {
        abortAt: Math.round(3.5 * CHUNK),
        chunkSize: CHUNK,
      });
      const head = await fetch(cut.url, {
        method: 'HEAD',
        headers: { 'tus-resumable': '1.0.0', cookie },
      });
      const offset = Number(head.headers.get('upload-offset'));
      await app.upload(part, cookie, roomId, { uploadUrl: cut.url, chunkSize: CHUNK });
      return {
        uploadMBps: round(BIG / MB / seconds),
        uploadSeconds: round(seconds, 2),
        serverRssGrowthMB: round((peak - baseline) / MB),
        resumeBytesResent: Math.max(0, cut.sent - offset),
        resumeChunkBytes: CHUNK,
        processingSecondsPerAudioMinute: round(processingSeconds / audioMinutes, 3),
        processedAudioMinutes: round(audioMinutes, 1),
      };
    } finally {
      await stopServer(server);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
