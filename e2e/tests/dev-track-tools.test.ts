import { asUserId } from '@music-rooms/domain';
import type { Page } from 'playwright-core';
import { SpotifyDouble } from '../../server/test/helpers/spotify-double';
import { updateUser } from '../../server/src/services/accounts/users-store';
import { findTrack, updateTrackRow } from '../../server/src/services/tracks/store';
import { startAppServer, type AppServer } from '../src/app-server';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { createRoomAs, type Member } from './support/rooms';

// The duplicates, loudness and "match all in room" tools as a super administrator uses them,
// on tracks uploaded for real. Spotify is a double on loopback.
const test = base
  .extend(
    'spotify',
    { scope: 'file' },
    startedPerFile(() =>
      new SpotifyDouble()
        .addArtist({ id: 'artistKino', name: 'Кино' })
        .addTrack({
          id: 'trackGruppa',
          name: 'Группа крови',
          artistIds: ['artistKino'],
          album: 'Группа крови',
          durationMs: 286_000,
        })
        .start(),
    ),
  )
  .extend('appServer', { scope: 'file' }, ({ spotify }, { onCleanup }) =>
    startAppServer(spotify.env).then((server) => {
      onCleanup(() => server.close());
      return server;
    }),
  )
  .extend('server', { scope: 'file' }, ({ appServer }) => appServer);

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** The member made a super administrator, with a room holding these uploaded tones. */
async function superAdminWith(appServer: AppServer, member: Member, room: string, names: string[]) {
  await updateUser(appServer.app.database.db, asUserId(member.id), { superAdmin: true });
  const created = await createRoomAs(appServer, member, {
    name: room,
    room_url: room.toLowerCase().replace(/\W+/g, '-'),
  });
  for (const [index, name] of names.entries()) {
    await uploadAs(
      appServer,
      member.cookie,
      created._id,
      wavFile(name, sineWav(1, 300 + index * 100)),
    );
  }
  return waitForReadyTracks(appServer, member.cookie, created._id, names.length);
}

describe('developer track tools', () => {
  test('duplicates: finds two copies of a song and merges one into the other', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    const [first, second] = await superAdminWith(appServer, member, 'Dupes room', [
      'Кино - Кукушка.wav',
      'Кино - Кукушка (demo).wav',
    ]);
    const db = appServer.app.database.db;
    // The second upload tagged as the same song, with an album the first lacks.
    await updateTrackRow(db, second!._id, { title: 'Кукушка', album: 'Чёрный альбом' });

    await page.goto(`${server.url}/dev/duplicates`);
    await heading(page, 'Duplicates').waitFor();
    const group = page.getByRole('table', { name: '“Кукушка” in Dupes room' });
    await group.waitFor();
    expect(await group.locator('tbody tr').count()).toBe(2);
    await page.getByText('Same artist and title', { exact: true }).waitFor();
    await page.screenshot({ path: 'test-results/dev-duplicates.png', fullPage: true });
    await page.getByRole('button', { name: 'Merge into this copy' }).click();
    await page.getByText('Removed 1 copy').waitFor();
    await page.getByText('No duplicates here').waitFor();
    expect(await findTrack(db, second!._id)).toBeNull();
    expect(await findTrack(db, first!._id)).toMatchObject({ album: 'Чёрный альбом' });

    await page.goto(`${server.url}/ru/dev/duplicates`);
    await page.getByText('Дубликатов нет').waitFor();
  });

  test('audio normalization: measures a track again and previews it with and without the gain', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    const [track] = await superAdminWith(appServer, member, 'Loud room', ['Tone - Loud tone.wav']);
    const db = appServer.app.database.db;
    // As a track measured before true peaks were: the page lists it first, unmeasured.
    await updateTrackRow(db, track!._id, { truePeakDb: null, loudnessLufs: null });

    await page.goto(`${server.url}/dev/audio-normalize`);
    await heading(page, 'Audio normalization').waitFor();
    await page.getByLabel('Filter by title, artist or room').fill('Loud tone');
    const row = page.locator('tbody tr', { hasText: 'Loud tone' });
    await row.getByRole('button', { name: 'Measure again' }).click();
    await page.getByText('1 of 1 done · finished').waitFor();
    await row.getByText(/dBTP$/).first().waitFor();
    const measured = await findTrack(db, track!._id);
    expect(measured!.truePeakDb).not.toBeNull();
    expect(measured!.loudnessLufs).not.toBeNull();

    await row.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Preview of “Loud tone”' }).waitFor();
    await page.getByText(/^Playing with [+−]?\d+\.\d dB$/).waitFor();
    await page.getByRole('switch', { name: 'Apply the player’s gain' }).click();
    await page.getByText('Playing as the file is').waitFor();
    await page.screenshot({ path: 'test-results/dev-loudness.png', fullPage: true });
    await page.getByRole('switch', { name: 'Apply the player’s gain' }).click();
    await page.getByText(/^Playing with /).waitFor();

    await page.goto(`${server.url}/ru/dev/audio-normalize`);
    await page.getByRole('button', { name: 'Измерить все заново' }).waitFor();
  });

  test('Spotify: matches all of a room in the background and lists what it found', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    const [matchable, unknown] = await superAdminWith(appServer, member, 'Match room', [
      'Кино - Группа крови.wav',
      'Nobody - Unknown song.wav',
    ]);
    const db = appServer.app.database.db;
    await updateTrackRow(db, matchable!._id, { durationMs: 285_800 });

    await page.goto(`${server.url}/dev/spotify-find-track-test`);
    await heading(page, 'Spotify track match').waitFor();
    await page.getByText(/A match is kept only at 90% confidence or more/).waitFor();
    await page.getByLabel('Room to match').selectOption({ label: 'Match room (0 of 2 matched)' });
    await page.getByRole('button', { name: 'Match all in room' }).click();
    await page.getByText('2 of 2 done · finished').waitFor();
    await page
      .getByRole('row', { name: /Unknown song .* Not matched Spotify has nothing with this title/ })
      .waitFor();
    await page
      .getByRole('row', {
        name: /Группа крови .* Matched Same artist and title, length within 2 s/,
      })
      .waitFor();
    await page.screenshot({ path: 'test-results/dev-spotify-match-all.png', fullPage: true });
    expect(await findTrack(db, matchable!._id)).toMatchObject({ spotifyId: 'trackGruppa' });
    expect(await findTrack(db, unknown!._id)).toMatchObject({ spotifyId: null });
  });

  test('the tools are "Page not found" for a signed-in user', async ({
    signedInPage: page,
    server,
  }) => {
    for (const tool of ['duplicates', 'audio-normalize']) {
      const answer = await page.goto(`${server.url}/dev/${tool}`);
      expect(answer?.status()).toBe(404);
      await heading(page, 'Page not found').waitFor();
    }
  });
});
