import { asRoomId, asUserId } from '@music-rooms/domain';
import type { Page } from 'playwright-core';
import { SpotifyDouble } from '../../server/test/helpers/spotify-double';
import {
  SIGNAL_TRACK_ID,
  TOKEN,
  startLibraryDouble,
} from '../../server/test/helpers/yandex-music-library';
import { updateUser } from '../../server/src/services/accounts/users-store';
import { defaultPlaylist } from '../../server/src/services/tracks/playlist-store';
import { DEFAULT_PLAYLIST_NAME } from '../../server/src/services/tracks/playlists';
import { addEntry } from '../../server/src/services/tracks/entry-store';
import { insertTrack } from '../../server/src/services/tracks/store';
import { startAppServer, type AppServer } from '../src/app-server';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { createRoomAs, type Member } from './support/rooms';

// The streaming-service and artist comparison pages as a super administrator uses them, and
// the developer area's answer to an address with no tool. Both services are doubles on
// loopback; the server keeps a handle on its database to make the member a super administrator.
const test = base
  .extend('double', { scope: 'file' }, startedPerFile(startLibraryDouble))
  .extend(
    'spotify',
    { scope: 'file' },
    startedPerFile(() =>
      new SpotifyDouble()
        .addArtist({ id: 'artistTesters', name: 'The Testers', followers: 4321, genres: [] })
        .start(),
    ),
  )
  .extend('appServer', { scope: 'file' }, ({ double, spotify }, { onCleanup }) =>
    startAppServer({
      YANDEX_MUSIC_API_URL: double.url,
      YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
      ...spotify.env,
    }).then((server) => {
      onCleanup(() => server.close());
      return server;
    }),
  )
  .extend('server', { scope: 'file' }, ({ appServer }) => appServer);

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const masked = `y0_A••••••••${TOKEN.slice(-4)}`;

const makeSuperAdmin = (appServer: AppServer, member: Member) =>
  updateUser(appServer.app.database.db, asUserId(member.id), { superAdmin: true });

describe('Yandex Music developer pages', () => {
  test('checks the account, resolves a link, searches and compares both download schemes', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    await makeSuperAdmin(appServer, member);
    await page.goto(`${server.url}/dev/yandex-music-test`);
    await heading(page, 'Yandex Music').waitFor();

    await page.getByLabel('Yandex Music token').fill(TOKEN);
    await page.getByRole('button', { name: 'Check account' }).click();
    await page.getByText('listener', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:yandex-music-token'))).toBe(
      TOKEN,
    );
    const request = page.locator('.dev-exchange', { hasText: '/account/status' });
    await request.locator('summary').click();
    await request.getByText(`OAuth ${masked}`).waitFor();
    await request.getByText('"login": "listener"').waitFor();

    await page
      .getByLabel('Track, album or playlist link')
      .fill('https://music.yandex.ru/users/listener/playlists/1001');
    await page.getByRole('button', { name: 'Resolve', exact: true }).click();
    const linkTracks = page.getByRole('table', { name: 'Tracks of the link' });
    await linkTracks.getByRole('cell', { name: 'Open Road' }).waitFor();
    expect(await linkTracks.locator('tbody tr').count()).toBe(3);

    await page.getByLabel('Search the service').fill('signal');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const found = page.getByRole('table', { name: 'Tracks found' });
    const row = found.locator('tbody tr', { hasText: 'Test Signal' });
    await row.getByRole('button', { name: 'Get download info' }).click();
    expect(await page.getByLabel('Track id').inputValue()).toBe(SIGNAL_TRACK_ID);

    await page
      .locator('form', { has: page.getByLabel('Track id') })
      .getByRole('button')
      .click();
    const schemes = page.getByLabel(`Download schemes for track ${SIGNAL_TRACK_ID}`);
    const v1 = schemes.getByRole('region', { name: 'v1: download-info' });
    const v2 = schemes.getByRole('region', { name: 'v2: get-file-info' });
    for (const column of [v1, v2]) {
      await column.getByText('200 · audio/mpeg', { exact: false }).waitFor();
      await column
        .getByText(/\/get-mp3\/[0-9a-f]{32}\//)
        .first()
        .waitFor();
    }
    // The page's own scheme stands first.
    expect(await schemes.locator('.dev-column__title').allInnerTexts()).toEqual([
      'v1: download-info',
      'v2: get-file-info',
    ]);
    await v1.getByText('3 requests, raw answers below').waitFor();
    await v2.getByText('2 requests, raw answers below').waitFor();
    const xml = v1.locator('.dev-exchange').filter({
      has: page.locator('summary', { hasText: `/download-info/${SIGNAL_TRACK_ID}/best` }),
    });
    await xml.locator('summary').click();
    await xml.getByText('<download-info>', { exact: false }).waitFor();
    // Everything shown, the raw answers opened included, has the token masked.
    expect(await page.locator('main').innerText()).not.toContain(TOKEN.slice(4, -4));
    await page.screenshot({ path: 'test-results/dev-yandex-music.png', fullPage: true });

    await page.goto(`${server.url}/ru/dev/yandex-music-test-v2`);
    // The token is kept in this browser, as the import keeps it.
    await page.getByLabel('Id трека').fill(SIGNAL_TRACK_ID);
    await page.getByRole('button', { name: 'Получить данные для скачивания' }).click();
    const columns = page.getByLabel(`Схемы скачивания трека ${SIGNAL_TRACK_ID}`);
    await columns.getByText('2 запроса, сырые ответы ниже').waitFor();
    expect(await columns.locator('.dev-column__title').allInnerTexts()).toEqual([
      'v2: get-file-info',
      'v1: download-info',
    ]);
  });
});

describe('artist search comparison', () => {
  test('shows the artist on both services beside the ids kept on tracks', async ({
    signedInPage: page,
    server,
    member,
    appServer,
    double,
  }) => {
    await makeSuperAdmin(appServer, member);
    double.artistLikes.set(`9${SIGNAL_TRACK_ID}`, 1500);
    const room = await createRoomAs(appServer, member, { name: 'Test room', room_url: 'tests' });
    // A track of that artist keeping both services' ids, as a match and an import leave them.
    const db = appServer.app.database.db;
    const playlist = await defaultPlaylist(db, asRoomId(room._id), DEFAULT_PLAYLIST_NAME);
    const signal = await insertTrack(db, {
      roomId: playlist.roomId,
      title: 'Signal',
      artist: 'The Testers',
      durationMs: 4000,
      status: 'ready',
      artistExternalIds: { spotify: 'artistTesters', yandexMusic: `9${SIGNAL_TRACK_ID}` },
    });
    await addEntry(db, { playlistId: playlist.id, trackId: signal.id, addedBy: null });

    await page.goto(`${server.url}/dev/artist-search-comparison`);
    await heading(page, 'Artist search comparison').waitFor();
    await page.getByLabel('Artist name').fill('testers');
    await page.getByRole('button', { name: 'Compare' }).click();
    const spotify = page.getByRole('table', { name: 'Spotify' });
    await spotify
      .getByRole('row', { name: /The Testers artistTesters Kept on 1 track 4,321 followers/ })
      .waitFor();
    await page.getByText('Enter a Yandex Music token above to search it too.').waitFor();

    await page.getByLabel('Yandex Music token').fill(TOKEN);
    await page.getByRole('button', { name: 'Compare' }).click();
    const service = page.getByRole('table', { name: 'Yandex Music' });
    const artist = service.getByRole('row', {
      name: new RegExp(`The Testers 9${SIGNAL_TRACK_ID} Kept on 1 track 1,500 likes`),
    });
    await artist.waitFor();
    expect(await artist.locator('img').getAttribute('src')).toMatch(/^data:image\/webp/);
    const stored = page.getByRole('table', { name: 'Artist ids kept on tracks' });
    await stored.getByRole('row', { name: 'Spotify artistTesters The Testers 1' }).waitFor();
    await stored
      .getByRole('row', { name: `Yandex Music 9${SIGNAL_TRACK_ID} The Testers 1` })
      .waitFor();
    await page.screenshot({ path: 'test-results/dev-artist-comparison.png', fullPage: true });

    await page.goto(`${server.url}/ru/dev/artist-search-comparison`);
    await page.getByLabel('Имя исполнителя').fill('testers');
    await page.getByRole('button', { name: 'Сравнить' }).click();
    await page.getByRole('table', { name: 'Spotify' }).getByText('4 321 подписчик').waitFor();
  });
});

describe('an address under /dev with no tool', () => {
  test('shows the developer area with "no such tool" and the list of tools', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    await makeSuperAdmin(appServer, member);
    const answer = await page.goto(`${server.url}/dev/no-such-tool`);
    expect(answer?.status()).toBe(200);
    await heading(page, 'Unknown developer page').waitFor();
    await page.getByText('There is no developer tool at /dev/no-such-tool.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Developer pages' });
    await nav.getByRole('link', { name: 'Artist search comparison' }).click();
    await heading(page, 'Artist search comparison').waitFor();
  });
});

describe('as anyone but a super administrator', () => {
  test('every one of these pages is "Page not found"', async ({ signedInPage: page, server }) => {
    for (const tool of [
      'yandex-music-test',
      'yandex-music-test-v2',
      'artist-search-comparison',
      'no-such-tool',
    ]) {
      const answer = await page.goto(`${server.url}/dev/${tool}`);
      expect(answer?.status()).toBe(404);
      await heading(page, 'Page not found').waitFor();
    }
  });
});
