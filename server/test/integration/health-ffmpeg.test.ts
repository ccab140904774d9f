import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HealthStatus } from '@music-rooms/domain';
import { bundledFfmpegPath } from '../../src/media';
import { describe, expect, test } from '../helpers/fixtures';

/** A folder standing for a system's PATH, whose `ffmpeg` is (a link to) a real ffmpeg. */
function pathWithFfmpeg(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'path-ffmpeg-'));
  fs.symlinkSync(bundledFfmpegPath(), path.join(dir, 'ffmpeg'));
  return dir;
}

const onPath = pathWithFfmpeg();
const emptyPath = fs.mkdtempSync(path.join(os.tmpdir(), 'path-empty-'));
const withPath = test.extend('appEnv', { scope: 'file' }, { PATH: `${emptyPath}:${onPath}` });
const without = test
  .extend('appEnv', { scope: 'file' }, { PATH: emptyPath })
  .extend('appOptions', { scope: 'file' }, { captureLogs: true });

async function healthAs(client: { fetch: (path: string) => Promise<Response> }) {
  return (await (await client.fetch('/api/health')).json()) as HealthStatus;
}

describe('the ffmpeg that decodes uploads', () => {
  withPath('is the one on PATH, as health tells super administrators only', async ({ f }) => {
    const { client: admin } = await f.signedInUser({ superAdmin: true });
    const { client: member } = await f.signedInUser();
    const { ffmpeg } = (await healthAs(admin)).detail!;
    expect(ffmpeg).toMatchObject({ path: path.join(onPath, 'ffmpeg'), origin: 'path' });
    expect(ffmpeg.version).toMatch(/^ffmpeg version \S+/);
    expect((await healthAs(member)).detail).toBeUndefined();
    expect((await healthAs(f.guest())).detail).toBeUndefined();
  });

  without('is the bundled build when PATH has none, with a warning at start', async ({ f, t }) => {
    const { client: admin } = await f.signedInUser({ superAdmin: true });
    const { ffmpeg } = (await healthAs(admin)).detail!;
    expect(ffmpeg).toMatchObject({ path: bundledFfmpegPath(), origin: 'bundled' });
    expect(ffmpeg.version).toMatch(/^ffmpeg version \S+/);
    expect(t.logs.some((line) => /bundled 2018 build/.test(String(line.msg)))).toBe(true);
  });
});
