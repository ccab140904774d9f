import type { Page, Request } from 'playwright-core';
import { describe, expect, test } from '../src/fixtures';
import { sineWav } from '../src/wav';
import { chooseFiles, trackRow, wavFile } from '../src/tracks';
import { createRoomAs } from './support/rooms';

/** The statuses of the person's uploads into a room, as the server keeps them. */
async function uploadStatuses(base: string, cookie: string, roomId: string): Promise<string[]> {
  const response = await fetch(`${base}/api/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ path: 'uploads.list', args: { roomId } }),
  });
  const body = (await response.json()) as { value: { status: string }[] };
  return body.value.map((upload) => upload.status);
}

/** The progress of an item of the upload panel, in percent. */
async function percentOf(page: Page, name: string): Promise<number> {
  const bar = page.getByRole('progressbar', { name: `Upload progress of ${name}` });
  return Number((await bar.getAttribute('aria-valuenow')) ?? 0);
}

/** Slows this page's uploads down (bytes per second), or lets them go at full speed (-1). */
async function limitUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * A two-minute file sent at a megabyte a second, a reload, the rest sent and the file taken in
 * (its playback copy made): on a machine of two cores busy with other journeys, over a minute.
 */
const LONG_JOURNEY = { timeout: 150_000 };

// An interrupted batch goes on after a reload (spec §4 Upload: resume, matched or missing).
describe('resuming, cancelling and retrying uploads', () => {
  test(
    'restores the unfinished batch after a reload, matches the files chosen again and goes on from the server offset',
    LONG_JOURNEY,
    async ({ signedInPage: page, server, member }) => {
      await createRoomAs(server, member, { name: 'Resume room', room_url: 'resume-room' });
      await page.goto(`${server.url}/room/resume-room`);
      await page.getByText('The playlist is empty').waitFor();

      const first = wavFile('Long Player - First Side.wav', sineWav(120, 440));
      const second = wavFile('Long Player - Second Side.wav', sineWav(120, 550));
      const bonus = wavFile('Long Player - Bonus.wav', sineWav(1, 660));
      await limitUploads(page, 1024 * 1024);
      await chooseFiles(page, [first, second, bonus]);
      const panel = page.getByRole('region', { name: 'Uploads' });
      await panel.getByText('Uploading', { exact: true }).first().waitFor();
      await expect.poll(() => percentOf(page, first.name), { timeout: 30_000 }).toBeGreaterThan(25);
      const before = await percentOf(page, first.name);
      expect(before).toBeLessThan(100);

      // Leaving while bytes are on their way asks first (spec §2).
      const asked = new Promise<string>((resolve) =>
        page.once('dialog', (dialog) => {
          resolve(dialog.type());
          void dialog.accept();
        }),
      );
      await page.reload();
      await expect(asked).resolves.toBe('beforeunload');
      await limitUploads(page, -1);
      const resume = page.getByRole('list', { name: 'Files of the unfinished upload' });
      for (const file of [first, second, bonus]) {
        await expect
          .poll(() => resume.getByRole('listitem', { name: file.name }).textContent())
          .toContain('Missing');
      }

      // A file that is none of them is said to be so, and nothing starts unless asked.
      const stranger = wavFile('Someone Else - Other.wav', sineWav(1, 770));
      await chooseFiles(page, [stranger], 'Choose the files');
      await page
        .getByText('“Someone Else - Other.wav” is not one of the unfinished files', {
          exact: false,
        })
        .waitFor();
      await expect(
        page.getByRole('button', { name: 'Upload it as a new file' }).count(),
      ).resolves.toBe(1);
      await expect(
        page.getByRole('progressbar', { name: `Upload progress of ${stranger.name}` }).count(),
      ).resolves.toBe(0);
      await page.getByRole('button', { name: 'Choose again' }).click();

      const patches: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) {
          patches.push(request);
        }
      });
      await chooseFiles(page, [first, bonus], 'Choose the files');
      await expect
        .poll(() => resume.getByRole('listitem', { name: first.name }).textContent())
        .toContain('Matched');
      await expect(
        resume.getByRole('listitem', { name: bonus.name }).textContent(),
      ).resolves.toContain('Matched');
      await expect(
        resume.getByRole('listitem', { name: second.name }).textContent(),
      ).resolves.toContain('Missing');

      await expect
        .poll(() => trackRow(page, 'First Side').getAttribute('data-status'), { timeout: 60_000 })
        .toBe('ready');
      await expect
        .poll(() => trackRow(page, 'Bonus').getAttribute('data-status'), { timeout: 30_000 })
        .toBe('ready');
      // A new upload starts at byte 0; the resumed one started where the server had stopped.
      const firstOffset = new Map<string, number>();
      for (const request of patches) {
        const offset = Number(request.headers()['upload-offset'] ?? 0);
        if (!firstOffset.has(request.url())) firstOffset.set(request.url(), offset);
      }
      expect([...firstOffset.values()].sort((a, b) => a - b)).toEqual([0, expect.any(Number)]);
      expect(Math.max(...firstOffset.values())).toBeGreaterThan(0);

      // The second file was never chosen again: it waits, and can be discarded.
      await page.getByRole('button', { name: 'Discard' }).click();
      await resume.waitFor({ state: 'detached' });
      await page.reload();
      await trackRow(page, 'First Side').waitFor();
      await expect(page.getByText('Unfinished upload').count()).resolves.toBe(0);
    },
  );

  test('cancels an upload under way, and retries one the network broke', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Flaky room', room_url: 'flaky-room' });
    await page.goto(`${server.url}/room/flaky-room`);
    await page.getByText('The playlist is empty').waitFor();
    const panel = page.getByRole('region', { name: 'Uploads' });

    const long = wavFile('Slow Band - Long Song.wav', sineWav(60, 440));
    await limitUploads(page, 256 * 1024);
    await chooseFiles(page, [long]);
    await expect.poll(() => percentOf(page, long.name), { timeout: 30_000 }).toBeGreaterThan(0);
    await panel.getByRole('button', { name: `Cancel the upload of ${long.name}` }).click();
    await panel.waitFor({ state: 'detached' });
    // The server was told: the upload is cancelled, and no track came of it.
    await expect
      .poll(() => uploadStatuses(server.url, member.cookie, room._id))
      .toEqual(['cancelled']);

    const song = wavFile('Slow Band - Short Song.wav', sineWav(60, 550));
    await chooseFiles(page, [song]);
    await expect.poll(() => percentOf(page, song.name), { timeout: 30_000 }).toBeGreaterThan(0);
    // The connection breaks mid-way: every request to the upload fails from now on.
    await page.route('**/api/uploads/**', (route) => route.abort('connectionreset'));
    const failed = page.getByRole('alert').getByRole('listitem', { name: song.name });
    await failed.getByText('Upload failed').waitFor({ timeout: 45_000 });
    await page.unroute('**/api/uploads/**');
    await limitUploads(page, -1);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => trackRow(page, 'Short Song').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('ready');
    await expect(trackRow(page, 'Long Song').count()).resolves.toBe(0);
  });
});
