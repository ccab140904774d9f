import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FFMPEG_MEMORY_LIMIT_BYTES, resolveFfmpegPath } from '../../src/media';
import { runFfmpeg } from '../../src/media/ffmpeg';

const ffmpeg = resolveFfmpegPath(null);
/** A source that never ends, read in real time: a run only ends when it is stopped. */
const ENDLESS = ['-re', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'];

describe('an ffmpeg run', () => {
  it('is killed once it passes its time limit', async () => {
    await expect(runFfmpeg(ffmpeg, ENDLESS, () => {}, { timeLimitMs: 300 })).rejects.toThrow(
      /ran past 300 ms/,
    );
  });

  it('is killed when its signal aborts', async () => {
    const abort = new AbortController();
    const run = runFfmpeg(ffmpeg, ENDLESS, () => {}, {
      signal: abort.signal,
      timeLimitMs: 600_000,
    });
    abort.abort();
    await expect(run).rejects.toThrow(/abort/i);
  });

  it('runs under an address-space limit', async () => {
    // ffmpeg copies its own /proc/self/limits to stdout: the limits it really runs under.
    const chunks: Buffer[] = [];
    const copyLimits = ['-f', 'data', '-i', '/proc/self/limits', '-map', '0', '-c', 'copy'];
    await runFfmpeg(ffmpeg, [...copyLimits, '-f', 'data', 'pipe:1'], (c) => chunks.push(c), {
      timeLimitMs: 30_000,
    });
    const limits = Buffer.concat(chunks).toString('utf8');
    expect(limits).toMatch(new RegExp(`Max address space\\s+${FFMPEG_MEMORY_LIMIT_BYTES}\\s`));
  });

  it('reads no URL, only files', async () => {
    let requests = 0;
    const server = http.createServer((_req, res) => {
      requests += 1;
      res.end('ID3');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const url = `http://127.0.0.1:${port}/song.mp3`;
      await expect(
        runFfmpeg(ffmpeg, ['-i', url, '-f', 'null', '-'], () => {}, { timeLimitMs: 30_000 }),
      ).rejects.toThrow(/ffmpeg exited/);
      expect(requests).toBe(0);
    } finally {
      server.close();
    }
  });
});
