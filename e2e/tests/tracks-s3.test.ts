import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { makeAudioFixture } from '../../server/test/helpers/audio-fixtures';
import { allowSiteReads, s3StorageEnv, startS3Server } from '../../server/test/helpers/s3-server';
import { describe, expect, startedPerFile } from '../src/fixtures';
import { chooseFiles, trackRow } from '../src/tracks';
import {
  audioTest,
  heardInStep,
  openRoomAs,
  playerBar,
  roomWithTracks,
  snapshot,
} from './support/player';

/** An S3 server on loopback whose bucket the site keeps its files in. */
const test = audioTest
  .extend(
    's3',
    { scope: 'file' },
    startedPerFile(() => startS3Server()),
  )
  .extend('serverOptions', { scope: 'file' }, ({ s3 }) => ({ env: s3StorageEnv(s3) }));

/** A song with an embedded cover, as the person's file manager hands it to the page. */
async function songWithCover() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'e2e-s3-'));
  const file = await makeAudioFixture(dir, 'mp3', { seconds: 40, cover: '#2266aa' });
  const buffer = await fs.readFile(file);
  await fs.rm(dir, { recursive: true, force: true });
  return { name: 'Bucket Band - Cloud Song.mp3', mimeType: 'audio/mpeg', buffer };
}

/** The pixel width of an image once the browser has decoded it (0 while broken or loading). */
const loadedWidth = (img: Locator) =>
  img.evaluate((element: HTMLImageElement) => (element.complete ? element.naturalWidth : 0));

/** The statuses of the answers the page got from the bucket itself. */
function answersFrom(page: Page, origin: string): number[] {
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(`${origin}/`)) statuses.push(response.status());
  });
  return statuses;
}

// README "Tracks" with STORAGE=s3: covers and playback copies come to the page from the bucket.
describe('tracks on S3 storage', () => {
  test('an upload through the page shows its cover, and two pages hear it in step', async ({
    server,
    s3,
    audioBrowser,
  }) => {
    await allowSiteReads(s3, server.url);
    const room = await roomWithTracks(server, { tracks: [] });
    const ada = await openRoomAs(audioBrowser, server, room.owner, room.url);
    const fromBucket = answersFrom(ada, s3.endpoint);

    await chooseFiles(ada, [await songWithCover()]);
    const row = trackRow(ada, 'Cloud Song');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
    await expect.poll(() => loadedWidth(row.locator('img.cover-thumb'))).toBeGreaterThan(0);

    const grace = await openRoomAs(audioBrowser, server, room.other, room.url);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    const [heard] = await heardInStep(grace, ada);
    expect(heard.position).toBeGreaterThan(0);
    await expect
      .poll(async () => (await snapshot(grace))!.position!)
      .toBeGreaterThan(heard.position! + 0.5);
    await heardInStep(ada, grace);
    const cover = playerBar(grace).locator('img.now-playing__cover');
    await expect.poll(() => loadedWidth(cover)).toBeGreaterThan(0);
    // The cover and the playback copy's segments (206) were read from the bucket.
    expect(fromBucket).toContain(200);
    expect(fromBucket).toContain(206);
  });
});
