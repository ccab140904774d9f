import type { Page } from 'playwright-core';
import {
  TOKEN,
  TOKEN_ELSEWHERE,
  serviceTrack,
  startLibraryDouble,
} from '../../server/test/helpers/yandex-music-library';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { trackRow } from '../src/tracks';
import { heardInSync } from './support/player';
import { createRoomAs } from './support/rooms';

// The streaming service is a double on loopback: the server's YANDEX_MUSIC_API_URL points at it.
const test = base
  .extend('double', { scope: 'file' }, startedPerFile(startLibraryDouble))
  .extend('serverOptions', { scope: 'file' }, ({ double }) => ({
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
    await modal.getByText('Download: Finished: 3 of 3 added').waitFor();

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

  test('takes a token whose account lacks the usual test track; a premium track cannot be ticked; the status line ends and resets', async ({
    signedInPage: page,
    server,
    member,
    double,
  }) => {
    double.addTrack(await serviceTrack('521', 'Plus Only Song', { premium: true }));
    double.albums.set('520', { title: 'Mixed Bag', trackIds: ['521', '202'] });
    await createRoomAs(server, member, { name: 'Elsewhere room', room_url: 'elsewhere-room' });
    await page.goto(`${server.url}/room/elsewhere-room`);
    await page.getByRole('button', { name: 'Yandex Music' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Yandex Music token').fill(TOKEN_ELSEWHERE);
    await modal.getByRole('button', { name: 'Check token' }).click();
    await modal.getByText('Token is valid. Test track: Hold the Music').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:yandex-music-token'))).toBe(
      TOKEN_ELSEWHERE,
    );

    const link = modal.getByLabel('Link to a track, album or playlist');
    await link.fill('https://music.yandex.ru/album/520');
    await modal.getByText('Loaded “Mixed Bag”: 2 tracks').waitFor();
    const premium = modal.getByRole('checkbox', { name: 'Import “Plus Only Song”' });
    expect(await premium.isDisabled()).toBe(true);
    await modal
      .getByText('Needs a Yandex Plus subscription: this token’s account has none')
      .waitFor();
    await modal.getByRole('button', { name: 'Select all' }).click();
    await modal.getByRole('button', { name: 'Import 1 track' }).click();
    await modal.getByText('Download: Finished: 1 of 1 added').waitFor({ timeout: 45_000 });
    await expect.poll(() => trackRow(page, 'Night Two').getAttribute('data-status')).toBe('ready');

    // A new preview is a new choice: the line no longer speaks of the last import.
    await link.fill('https://music.yandex.ru/album/500');
    await modal.getByText('Loaded “Night Album”: 2 tracks').waitFor();
    await modal.getByText('Download: Idle: choose tracks to import').waitFor();
  });

  test('imports from the account’s liked tracks; a failed track stays in the import panel only, until removed', async ({
    signedInPage: page,
    server,
    member,
    double,
  }) => {
    double.addTrack(
      await serviceTrack('531', 'Broken Tune', { download: 'storageStatus', status: 404 }),
    );
    double.accounts.get(TOKEN)!.likes.unshift('531');
    await createRoomAs(server, member, { name: 'Likes room', room_url: 'likes-room' });
    await page.goto(`${server.url}/room/likes-room`);
    await page.getByRole('button', { name: 'Yandex Music' }).click();
    const modal = dialog(page);
    await modal.getByLabel('Yandex Music token').fill(TOKEN);
    await modal.getByRole('button', { name: 'Check token' }).click();
    // The test track is the one the account liked last.
    await modal.getByText('Token is valid. Test track: Broken Tune').waitFor();

    await modal.getByRole('tab', { name: 'My library' }).click();
    await modal.getByRole('button', { name: /Road Trip.*3 tracks/ }).waitFor();
    await modal.getByRole('button', { name: /Liked tracks.*4 tracks/ }).click();
    const chooser = modal.getByRole('list', { name: 'Tracks to import' });
    await expect.poll(() => chooser.getByRole('checkbox', { checked: true }).count()).toBe(4);
    await modal.getByRole('button', { name: 'Import 4 tracks' }).click();
    await modal.getByText('Download: Finished: 3 of 4 added').waitFor({ timeout: 45_000 });
    const failed = modal.getByRole('listitem', { name: 'Broken Tune' });
    await failed.getByText('Download failed: 404 Not Found').waitFor();

    // The room's list and its count hold only what came in.
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    await page.getByLabel('Playlist stats').getByText('3 tracks').waitFor();
    expect(await trackRow(page, 'Broken Tune').count()).toBe(0);

    await page.getByRole('button', { name: 'Yandex Music' }).click();
    await failed.getByRole('button', { name: 'Remove' }).click();
    await failed.waitFor({ state: 'detached' });
    await modal.getByText('Added: 3 · Already in the room: 0 · Failed: 0').waitFor();
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
