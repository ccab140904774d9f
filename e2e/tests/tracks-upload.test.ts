import type { Page } from 'playwright-core';
import { describe, expect, test as base } from '../src/fixtures';
import { sineWav } from '../src/wav';
import { chooseFiles, dropFiles, trackRow, wavFile } from '../src/tracks';
import { createRoomAs } from './support/rooms';

// A small cap, so one of the files below is refused by the server's rule (413).
const test = base.extend(
  'serverOptions',
  { scope: 'file' },
  { env: { MAX_AUDIO_FILE_SIZE: String(2 * 1024 * 1024) } },
);

/** The playlist's count, duration and size. */
const stats = (page: Page) => page.getByLabel('Playlist stats');

/** The uploads section of the playlist card. */
const uploads = (page: Page) => page.getByRole('region', { name: 'Uploads' });

// Uploading audio into a room (spec §2 Track upload, batch upload, duplicates chooser).
describe('uploading tracks', () => {
  test('uploads a batch through the file chooser and shows each track turn from processing to ready', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Upload room', room_url: 'upload-room' });
    await page.goto(`${server.url}/room/upload-room`);
    await expect.poll(() => page.getByText('The playlist is empty').isVisible()).toBe(true);

    await chooseFiles(page, [
      wavFile('Aurora - Morning Light.wav', sineWav(2, 440)),
      wavFile('Borealis - Evening Tide.wav', sineWav(3, 660)),
    ]);
    await trackRow(page, 'Morning Light').waitFor();
    await trackRow(page, 'Evening Tide').waitFor();
    await expect
      .poll(() => uploads(page).getByText('Ready', { exact: true }).count(), { timeout: 30_000 })
      .toBe(2);
    await expect.poll(() => page.getByText('Processing…').count()).toBe(0);
    await expect.poll(() => stats(page).textContent()).toContain('2 tracks');
    await expect
      .poll(() => trackRow(page, 'Morning Light').getByText('NEW').isVisible())
      .toBe(true);
    await expect(trackRow(page, 'Evening Tide').textContent()).resolves.toContain('Borealis');

    // The info panel of a track: its tags, facts and waveform.
    await trackRow(page, 'Morning Light')
      .getByRole('button', { name: /^Morning Light/ })
      .click();
    const info = page.getByRole('article', { name: 'About “Morning Light”' });
    await info.waitFor();
    await expect(info.getByRole('img', { name: 'Waveform' }).isVisible()).resolves.toBe(true);
    await expect(info.textContent()).resolves.toContain('Ada Lovelace');
    await expect(info.textContent()).resolves.toContain('0:02');

    await uploads(page).getByRole('button', { name: 'Clear finished' }).click();
    await uploads(page).waitFor({ state: 'detached' });
  });

  test('uploads files dropped anywhere on the room page', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Drop room', room_url: 'drop-room' });
    await page.goto(`${server.url}/room/drop-room`);
    await page.getByText('The playlist is empty').waitFor();

    await dropFiles(page, [wavFile('Dropped Band - Falling Leaves.wav', sineWav(2, 520))]);
    await page.getByText('Drop files to upload').waitFor({ state: 'detached' });
    await trackRow(page, 'Falling Leaves').waitFor();
    await expect
      .poll(() => trackRow(page, 'Falling Leaves').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('ready');
  });

  test('shows a refused file in the error list with the translated reason, and lets it go', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Cap room', room_url: 'cap-room' });
    await page.goto(`${server.url}/room/cap-room`);
    await page.getByText('The playlist is empty').waitFor();

    await chooseFiles(page, [wavFile('Too Long.wav', sineWav(30))]);
    const error = page.getByRole('alert').getByRole('listitem', { name: 'Too Long.wav' });
    await error.getByText('The file is too large. Maximum 2 MB').waitFor();
    await error.getByRole('button', { name: 'Cancel' }).click();
    await error.waitFor({ state: 'detached' });
    await expect(page.getByText('The playlist is empty').isVisible()).resolves.toBe(true);
  });

  test('asks what to do with an upload that duplicates a track, and skips or keeps it', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Twice room', room_url: 'twice-room' });
    await page.goto(`${server.url}/room/twice-room`);
    const song = sineWav(2, 330);
    await chooseFiles(page, [wavFile('Echo - Same Song.wav', song)]);
    await expect
      .poll(() => trackRow(page, 'Same Song').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('ready');

    await chooseFiles(page, [wavFile('Echo - Same Song (copy).wav', song)]);
    const duplicate = page.getByRole('listitem', {
      name: 'Possible duplicate: Echo - Same Song (copy).wav',
    });
    await duplicate
      .getByText('matches “Echo — Same Song”', { exact: false })
      .waitFor({ timeout: 30_000 });
    await duplicate.getByRole('button', { name: 'Skip' }).click();
    await duplicate.waitFor({ state: 'detached' });
    await expect.poll(() => stats(page).textContent()).toContain('1 track');

    await chooseFiles(page, [wavFile('Echo - Same Song (again).wav', song)]);
    const again = page.getByRole('listitem', {
      name: 'Possible duplicate: Echo - Same Song (again).wav',
    });
    await again.getByRole('button', { name: 'Keep both' }).click({ timeout: 30_000 });
    await expect.poll(() => stats(page).textContent()).toContain('2 tracks');
  });

  test('tells the uploader a file that is not audio failed, with the translated reason, and shows the room nothing', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Noise room', room_url: 'noise-room' });
    await page.goto(`${server.url}/room/noise-room`);
    await page.getByText('The playlist is empty').waitFor();
    const text = Buffer.from('This is a shopping list, not a song.\n'.repeat(200));
    await chooseFiles(page, [
      { name: 'Notes - Groceries.mp3', mimeType: 'audio/mpeg', buffer: text },
    ]);
    await uploads(page)
      .getByText('This file is not audio in a supported format (MP3, WAV, FLAC, AAC, OGG)')
      .waitFor({ timeout: 30_000 });
    // Bad input changes nothing the room sees: no row, no count.
    await expect(trackRow(page, 'Groceries').count()).resolves.toBe(0);
    await page.getByText('The playlist is empty').waitFor();
  });
});
