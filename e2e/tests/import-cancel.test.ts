import type { Page } from 'playwright-core';
import { heldFfmpeg } from '../../server/test/helpers/held-ffmpeg';
import { TOKEN, startLibraryDouble } from '../../server/test/helpers/yandex-music-library';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { rowTitles, trackRow } from '../src/tracks';
import { createRoomAs } from './support/rooms';

// The streaming service is a double on loopback; ffmpeg waits behind a gate the test opens, so
// a downloaded track can be caught while it is processed.
const ffmpeg = heldFfmpeg();
const test = base
  .extend('double', { scope: 'file' }, startedPerFile(startLibraryDouble))
  .extend('serverOptions', { scope: 'file' }, ({ double }) => ({
    env: {
      YANDEX_MUSIC_API_URL: double.url,
      YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
      FFMPEG_PATH: ffmpeg.path,
    },
  }));

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import from Yandex Music' });

// Cancelling an import while its tracks are processed (spec §2 Import modal): they are not
// added, everyone's list loses them, and the import says so.
describe('cancelling an import while it processes', () => {
  test('takes the processing tracks out of the room for everyone and says nothing was added', async ({
    signedInPage: page,
    server,
    member,
    newBrowserPage,
  }) => {
    await createRoomAs(server, member, { name: 'Cancel room', room_url: 'cancel-room' });
    const guest = (await newBrowserPage()).page;
    for (const person of [page, guest]) {
      await person.goto(`${server.url}/room/cancel-room`);
      await person.getByText('The playlist is empty').waitFor();
    }

    await page.getByRole('button', { name: 'Yandex Music' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Yandex Music token').fill(TOKEN);
    await modal.getByRole('button', { name: 'Check token' }).click();
    await modal.getByText('Token is valid', { exact: false }).waitFor();
    await modal
      .getByLabel('Link to a track, album or playlist')
      .fill('https://music.yandex.ru/album/500');
    await modal.getByText('Loaded “Night Album”: 2 tracks').waitFor();

    ffmpeg.close();
    try {
      await modal.getByRole('button', { name: 'Import 2 tracks' }).click();
      const item = modal.getByRole('listitem', { name: 'Night One' });
      await item.getByText('Processing…').waitFor({ timeout: 30_000 });
      await expect
        .poll(() => trackRow(guest, 'Night One').getAttribute('data-status'))
        .toBe('processing');
      await modal.getByRole('button', { name: 'Cancel import' }).click();
      await modal.getByText('Cancelled: nothing was added to the room').waitFor();
      await item.getByText('Cancelled: not added to the room').waitFor();
    } finally {
      ffmpeg.open();
    }
    for (const person of [page, guest]) {
      await person.getByText('The playlist is empty').waitFor();
      expect(await rowTitles(person)).toEqual([]);
    }
  });
});
