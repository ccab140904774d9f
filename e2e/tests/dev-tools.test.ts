import { readFileSync } from 'node:fs';
import { asUserId } from '@music-rooms/domain';
import type { Page } from 'playwright-core';
import {
  NEWEST_MIGRATION,
  putBehindNewestMigration,
} from '../../server/test/helpers/migration-behind';
import { SpotifyDouble } from '../../server/test/helpers/spotify-double';
import { updateUser } from '../../server/src/services/accounts/users-store';
import { updateTrackRow } from '../../server/src/services/tracks/store';
import { startAppServer, type AppServer } from '../src/app-server';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { createRoomAs, type Member } from './support/rooms';

// The developer tools as a super administrator uses them. Spotify is a double on loopback; the
// server keeps a handle on its database so that the member can be made a super administrator
// and tracks can carry what the matching reads.
const test = base
  .extend(
    'spotify',
    { scope: 'file' },
    startedPerFile(() => seeded(new SpotifyDouble()).start()),
  )
  .extend('appServer', { scope: 'file' }, ({ spotify }, { onCleanup }) =>
    startAppServer(spotify.env).then((server) => {
      onCleanup(() => server.close());
      return server;
    }),
  )
  .extend('server', { scope: 'file' }, ({ appServer }) => appServer);

function seeded(spotify: SpotifyDouble): SpotifyDouble {
  spotify
    .addArtist({ id: 'artistKino', name: 'Кино', followers: 1_234_567, genres: ['russian rock'] })
    .addTrack({
      id: 'trackGruppa',
      name: 'Группа крови',
      artistIds: ['artistKino'],
      album: 'Группа крови',
      durationMs: 286_000,
      isrc: 'RUA1D8800001',
    });
  for (let i = 1; i <= 14; i++) {
    spotify.addTrack({
      id: `trackSong${i}`,
      name: `Song ${i}`,
      artistIds: ['artistKino'],
      album: 'Songs',
      durationMs: 100_000 + i,
    });
  }
  return spotify;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The member made a super administrator, with one track in a room of theirs. */
async function superAdminWithTrack(appServer: AppServer, member: Member) {
  const db = appServer.app.database.db;
  await updateUser(db, asUserId(member.id), { superAdmin: true });
  const room = await createRoomAs(appServer, member, { name: 'Rock room', room_url: 'rock-room' });
  await uploadAs(
    appServer,
    member.cookie,
    room._id,
    wavFile('Кино - Группа крови.wav', sineWav(1, 440)),
  );
  const [track] = await waitForReadyTracks(appServer, member.cookie, room._id, 1);
  // As long as the real recording, which the matching compares with Spotify's.
  await updateTrackRow(db, track!._id, { durationMs: 285_200 });
  return track!;
}

describe('Spotify developer pages', () => {
  test('a super administrator searches Spotify, pages through, and matches a room’s track', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    const track = await superAdminWithTrack(appServer, member);

    await page.goto(`${server.url}/dev/spotify-search-test`);
    await heading(page, 'Spotify search').waitFor();
    await page.getByLabel('Search Spotify').fill('Song');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText(/^14 results in \d+ ms$/).waitFor();
    await page.getByText('1–10 of 14').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await page.getByRole('button', { name: 'Next 10' }).click();
    await page.getByText('11–14 of 14').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(4);

    await page.getByRole('radio', { name: 'Artists' }).check();
    await page.getByLabel('Search Spotify').fill('кино');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('cell', { name: '1,234,567' }).waitFor();

    await page.goto(`${server.url}/dev/spotify-find-track-test`);
    await heading(page, 'Spotify track match').waitFor();
    await page.getByLabel('Filter by title, artist or room').fill('крови');
    const row = page.locator('.dev-list__item', { hasText: 'Rock room' });
    await row.getByRole('button', { name: 'Find on Spotify' }).click();
    await page.getByText('Spotify’s candidates for “Группа крови”').waitFor();
    const candidate = page.locator('tbody tr', { hasText: 'trackGruppa' });
    await candidate.getByText('Same artist and title, length within 2 s').waitFor();
    await page.screenshot({ path: 'test-results/dev-spotify-find.png', fullPage: true });
    await candidate.getByRole('button', { name: 'Confirm match' }).click();
    await page.getByText('Saved: Spotify id trackGruppa on “Группа крови”').waitFor();
    await row.getByText('Matched').waitFor();
    const db = appServer.app.database.db;
    const saved = await db.query.tracks.findFirst({ where: (t, { eq }) => eq(t.id, track._id) });
    expect(saved).toMatchObject({
      spotifyId: 'trackGruppa',
      isrc: 'RUA1D8800001',
      artistExternalIds: { spotify: 'artistKino' },
    });

    await page.goto(`${server.url}/ru/dev/spotify-search-test`);
    await page.getByLabel('Поиск в Spotify').fill('Song');
    await page.getByRole('button', { name: 'Найти', exact: true }).click();
    await page.getByText('1–10 из 14').waitFor();
  });

  test('says how long Spotify asks to wait', async ({
    signedInPage: page,
    server,
    member,
    appServer,
    spotify,
  }) => {
    await updateUser(appServer.app.database.db, asUserId(member.id), { superAdmin: true });
    await page.goto(`${server.url}/dev/spotify-search-test`);
    spotify.rateLimitNext = 1;
    spotify.retryAfterSeconds = 60;
    await page.getByLabel('Search Spotify').fill('Song');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('alert')
      .getByText('Spotify asks to wait 60 s before the next request')
      .waitFor();
  });

  test('is "Page not found" for a signed-in user who is not a super administrator', async ({
    signedInPage: page,
    server,
  }) => {
    for (const tool of ['spotify-search-test', 'spotify-find-track-test']) {
      const answer = await page.goto(`${server.url}/dev/${tool}`);
      expect(answer?.status()).toBe(404);
      await heading(page, 'Page not found').waitFor();
    }
  });
});

describe('track parser page', () => {
  test('reads pasted file names live and runs the parser’s corpus', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    await updateUser(appServer.app.database.db, asUserId(member.id), { superAdmin: true });
    await page.goto(`${server.url}/dev/track-parser-test`);
    await heading(page, 'Track parser').waitFor();
    const names = page.getByLabel('File names');
    await names.fill('07) Daft Punk - Get Lucky (Official Video).mp3\nblinding_lights.opus');
    const parsed = page.getByRole('table', { name: 'Parsed names' });
    const first = parsed.locator('tbody tr').nth(0);
    expect(await first.locator('td').allInnerTexts()).toEqual([
      '07) Daft Punk - Get Lucky (Official Video).mp3',
      'Daft Punk',
      'Get Lucky',
      '7',
    ]);
    expect(await parsed.locator('tbody tr').nth(1).locator('td').allInnerTexts()).toEqual([
      'blinding_lights.opus',
      'none',
      'blinding lights',
      '—',
    ]);
    await page.getByRole('heading', { name: /^The parser’s corpus: (\d+) of \1 pass$/ }).waitFor();
    expect(await page.getByText('Fail', { exact: true }).count()).toBe(0);

    await page.goto(`${server.url}/ru/dev/track-parser-test`);
    await page.getByLabel('Имена файлов').fill('Кино - Группа крови.mp3');
    await page
      .getByRole('table', { name: 'Разобранные имена' })
      .getByRole('cell', { name: 'Кино', exact: true })
      .waitFor();
  });
});

/** The code's migrations, as drizzle lists them; each record in the database keeps its `when`. */
const journal = JSON.parse(
  readFileSync(new URL('../../server/drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { tag: string; when: number }[] };
const madeAt = (tag: string) => journal.entries.find((entry) => entry.tag === tag)!.when;

describe('migrations page', () => {
  test('lists the migrations, finds one pending and the table it makes missing, and applies it', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    const db = appServer.app.database.db;
    await updateUser(db, asUserId(member.id), { superAdmin: true });
    await page.goto(`${server.url}/dev/debug-migration`);
    await heading(page, 'Migrations').waitFor();
    await page.getByRole('row', { name: /0000_init .* Applied/ }).waitFor();
    await page.getByText('Every migration is applied.').waitFor();
    await page.getByText('The live tables match the schema the code expects.').waitFor();

    // The database behind the newest migration, as after a deploy without a restart.
    await putBehindNewestMigration(db, madeAt(NEWEST_MIGRATION));
    await page.reload();
    await page.getByText('1 migration is not applied yet').waitFor();
    await page.getByRole('row', { name: new RegExp(`${NEWEST_MIGRATION} .* Pending`) }).waitFor();
    await page.getByRole('row', { name: 'playlist_entries — Missing table' }).waitFor();
    await page.screenshot({ path: 'test-results/dev-migrations.png', fullPage: true });
    await page.getByRole('button', { name: 'Apply pending migrations' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Apply pending migrations?' });
    await confirm.getByRole('button', { name: 'Apply pending migrations' }).click();
    await page.getByText(/^Pending migrations applied in \d+ ms$/).waitFor();
    await page.getByText('The live tables match the schema the code expects.').waitFor();
    await page.getByText('Every migration is applied.').waitFor();

    await page.goto(`${server.url}/ru/dev/debug-migration`);
    await page.getByText('Все миграции применены.').waitFor();
  });
});
