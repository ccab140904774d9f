import type { Page } from 'playwright-core';
import { TOKEN, startLibraryDouble } from '../../server/test/helpers/yandex-music-library';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { trackRow } from '../src/tracks';
import { heardInSync } from './support/player';
import { createRoomAs } from './support/rooms';

// The streaming service is a double on loopback: the server's YANDEX_MUSIC_API_URL points at it.
const test = base.extend('double', { scope: 'file' }, startedPerFile(startLibraryDouble));
test.override('serverOptions', ({ double }) => ({
  env: { YANDEX_MUSIC_API_URL: double.url, YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true' },
}));

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Import from Yandex Music' });

// Importing from Yandex Music into a room (spec §2 Import modal, §4 download states, §8), and
// playing what came in.
describe('importing from Yandex Music', () => {
  test('checks a token, imports a 3-track playlist, sees the tracks turn ready and plays one', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Import room', room_url: 'import-room' });
    await page.goto(`${server.url}/room/import-room`);
    await page.getByText('The playlist is empty').waitFor();

    await page.getByRole('button', { name: 'Yandex Music' }).click();
    const modal = dialog(page);
    await modal.waitFor();
    await modal.getByText('Download: Idle: choose tracks to import').waitFor();

    await modal.getByLabel('Yandex Music token').fill(TOKEN);
    await modal.getByRole('button', { name: 'Check token' }).click();
    await modal.getByText('Token is valid. Test track: Test Signal').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:yandex-music-token'))).toBe(
      TOKEN,
    );

    await modal
      .getByLabel('Link to a track, album or playlist')
      .fill('https://music.yandex.ru/users/listener/playlists/1001?utm_source=share');
    await modal.getByText('Loaded “Road Trip”: 3 tracks').waitFor();
    await modal.getByRole('img', { name: 'Cover of “Road Trip”' }).waitFor();
    const chooser = modal.getByRole('list', { name: 'Tracks to import' });
    await expect.poll(() => chooser.getByRole('checkbox', { checked: true }).count()).toBe(3);
    await modal.getByRole('button', { name: 'Select none' }).click();
    await expect.poll(() => chooser.getByRole('checkbox', { checked: true }).count()).toBe(0);
    await modal.getByRole('button', { name: 'Select all' }).click();

    await modal.getByRole('button', { name: 'Import 3 tracks' }).click();
    for (const title of ['Morning Drive', 'Open Road', 'Sunset Boulevard']) {
      await expect
        .poll(() => trackRow(page, title).getAttribute('data-status'), { timeout: 45_000 })
        .toBe('ready');
    }
    await modal.getByText('Added: 3 · Already in the room: 0 · Failed: 0').waitFor();
    await modal
      .getByText(
        'Download: Started: the tracks are being added to the room. You may close this window.',
      )
      .waitFor();

    await modal.getByRole('button', { name: 'Forget token' }).click();
    await modal.getByText('The token is forgotten on this device').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:yandex-music-token'))).toBe(
      null,
    );

    // An imported track plays like any other (the click is the gesture that lets audio start).
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await trackRow(page, 'Open Road').getByRole('button', { name: 'Play “Open Road”' }).click();
    // The player bar names it at once; the service's tracks last 4 s, so by the time the page
    // hears it in sync the room may have gone on to the next one.
    await page.getByRole('region', { name: 'Player' }).getByText('Open Road').first().waitFor();
    const heard = await heardInSync(page);
    expect(heard.playing).toBe(true);
  });

  test('says a link that is none of the service’s is invalid, in place', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await createRoomAs(server, member, { name: 'Link room', room_url: 'link-room' });
    await page.goto(`${server.url}/room/link-room`);
    await page.getByRole('button', { name: 'Yandex Music' }).click();
    const modal = dialog(page);
    await modal
      .getByLabel('Link to a track, album or playlist')
      .fill('https://example.com/album/1');
    await modal
      .getByText('Invalid URL: paste a link to a Yandex Music track, album or playlist')
      .waitFor();
    await modal
      .getByLabel('Link to a track, album or playlist')
      .fill('https://music.yandex.ru/album/500');
    await modal.getByText('Enter the token first').waitFor();
  });
});
