import { PLATFORM_ERRORS, SPOTIFY_ERRORS, type SpotifySearchPage } from '@music-rooms/domain';
import { factories } from '../helpers/factories';
import { anotherApp, describe, expect, test as base } from '../helpers/fixtures';
import { createRoom, expectRefused } from '../helpers/rooms';
import { SpotifyDouble } from '../helpers/spotify-double';
import { createTrack } from '../helpers/tracks';

const test = base
  // Vitest reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('spotify', { scope: 'file' }, async ({}, { onCleanup }) => {
    const spotify = await new SpotifyDouble().start();
    onCleanup(() => spotify.close());
    return spotify;
  })
  .extend('appEnv', { scope: 'file' }, ({ spotify }) => spotify.env)
  /** An app without Spotify's settings. */
  .extend('bare', { scope: 'file' }, anotherApp({}));

const seeded = (spotify: SpotifyDouble) =>
  spotify
    .addArtist({ id: 'artistKino', name: 'Кино', followers: 1_200_000, genres: ['russian rock'] })
    .addArtist({ id: 'artistCover', name: 'Cover Band' })
    .addTrack({
      id: 'trackKukushka',
      name: 'Кукушка',
      artistIds: ['artistKino'],
      album: 'Чёрный альбом',
      durationMs: 396_000,
      isrc: 'RUA1D9000001',
    })
    .addTrack({
      id: 'trackKukushkaLive',
      name: 'Кукушка (Live)',
      artistIds: ['artistKino'],
      album: 'Live',
      durationMs: 430_000,
    })
    .addTrack({
      id: 'trackKukushkaCover',
      name: 'Кукушка',
      artistIds: ['artistCover'],
      album: 'Covers',
      durationMs: 397_000,
    });

describe('Spotify on the developer pages', () => {
  test('searches tracks and artists, ten a page, with one app token', async ({ f, spotify }) => {
    seeded(spotify);
    for (let i = 0; i < 12; i++) {
      spotify.addTrack({
        id: `filler${i}`,
        name: `Filler ${i}`,
        artistIds: ['artistCover'],
        album: 'F',
        durationMs: 1000,
      });
    }
    const { client } = await f.signedInUser({ superAdmin: true });
    const first = await client.call('spotify.search', { query: 'Filler', kind: 'track' });
    const page = first.body.value as SpotifySearchPage;
    expect(page.tracks).toHaveLength(10);
    expect(page.total).toBe(12);
    const second = await client.call('spotify.search', {
      query: 'Filler',
      kind: 'track',
      offset: 10,
    });
    expect((second.body.value as SpotifySearchPage).tracks.map((t) => t.id)).toEqual([
      'filler10',
      'filler11',
    ]);
    const artists = (await client.call('spotify.search', { query: 'кино', kind: 'artist' })).body
      .value as SpotifySearchPage;
    expect(artists.artists).toEqual([
      expect.objectContaining({ id: 'artistKino', name: 'Кино', followers: 1_200_000 }),
    ]);
    // The page's CSP loads no image from outside: pictures come inline, read by the server.
    expect(page.tracks[0]!.imageUrl).toMatch(/^data:image\/webp;base64,/);
    expect(artists.artists[0]!.imageUrl).toMatch(/^data:image\/webp;base64,/);
    expect(spotify.tokensIssued).toBe(1);
  });

  test('finds a track by ISRC first, then by artist, title and duration', async ({
    t,
    f,
    spotify,
  }) => {
    seeded(spotify);
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const withIsrc = await createTrack(t, {
      room,
      title: 'Кукушка',
      artist: 'Кино',
      durationMs: 395_500,
      isrc: 'rua1d9000001',
    });
    const byIsrc = await client.call('spotify.findTrack', { trackId: withIsrc.id });
    expect(byIsrc.body.value).toMatchObject({
      queries: ['isrc:RUA1D9000001'],
      candidates: [{ track: { id: 'trackKukushka' }, confidence: 1, reason: 'isrc' }],
    });

    const withoutIsrc = await createTrack(t, {
      room,
      title: 'кукушка',
      artist: 'Кино',
      durationMs: 397_200,
    });
    const byName = await client.call('spotify.findTrack', { trackId: withoutIsrc.id });
    const match = byName.body.value as { queries: string[]; candidates: unknown[] };
    expect(match.queries).toEqual(['track:кукушка artist:Кино']);
    expect(match.candidates).toEqual([
      expect.objectContaining({
        track: expect.objectContaining({ id: 'trackKukushka' }),
        reason: 'artistTitleDuration',
        durationDeltaMs: -1200,
      }),
      expect.objectContaining({
        track: expect.objectContaining({ id: 'trackKukushkaLive' }),
        reason: 'artistTitle',
      }),
    ]);
  });

  test('a confirmed match keeps the Spotify id, the ISRC and the artists’ ids on the track', async ({
    t,
    f,
    spotify,
  }) => {
    seeded(spotify);
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, {
      room,
      title: 'Кукушка',
      artist: 'Кино',
      artistExternalIds: { yandexMusic: '41126' },
    });
    const saved = await client.call('spotify.confirmMatch', {
      trackId: track.id,
      spotifyTrackId: 'trackKukushka',
    });
    expect(saved.body.value).toMatchObject({
      spotifyId: 'trackKukushka',
      isrc: 'RUA1D9000001',
      artistExternalIds: { yandexMusic: '41126', spotify: 'artistKino' },
    });
    const info = await client.call('tracks.get', { id: track.id });
    expect(info.body.value).toMatchObject({
      external: { spotifyId: 'trackKukushka', isrc: 'RUA1D9000001' },
    });
  });

  test('lists the tracks of every room to match, unmatched first, by title, artist or room', async ({
    t,
    f,
  }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const { user: other } = await f.user();
    const room = await createRoom(t, { owner: other, name: 'Someone else’s room' });
    await createTrack(t, { room, title: 'Zebra', artist: 'Matched', spotifyId: 'sp1' });
    await createTrack(t, { room, title: 'Zebra two', artist: 'Open' });
    await createTrack(t, { room, title: 'Half done', status: 'processing' });
    const listed = await client.call('spotify.tracksToMatch', { search: 'zebra' });
    expect(listed.body.value).toEqual([
      expect.objectContaining({
        title: 'Zebra two',
        spotifyId: null,
        roomName: 'Someone else’s room',
      }),
      expect.objectContaining({ title: 'Zebra', spotifyId: 'sp1' }),
    ]);
    const byRoom = (await client.call('spotify.tracksToMatch', { search: 'else’s' })).body
      .value as unknown[];
    expect(byRoom).toHaveLength(2);
  });

  test('waits out a short Retry-After and says a long one', async ({ f, spotify }) => {
    seeded(spotify);
    const { client } = await f.signedInUser({ superAdmin: true });
    spotify.rateLimitNext = 1;
    spotify.retryAfterSeconds = 0;
    const waited = await client.call('spotify.search', { query: 'Кукушка', kind: 'track' });
    expect((waited.body.value as SpotifySearchPage).tracks.length).toBeGreaterThan(0);
    expect(spotify.rateLimitNext).toBe(0);

    spotify.rateLimitNext = 1;
    spotify.retryAfterSeconds = 120;
    const refused = await client.call('spotify.search', { query: 'Кукушка', kind: 'track' });
    expect(refused.status).toBe(560);
    expect(refused.body.errorData).toMatchObject({
      key: SPOTIFY_ERRORS.rateLimited,
      retryAfterMs: 120_000,
      seconds: 120,
    });
    expect(refused.body.errorMessage).toBe('Spotify asks to wait 120 s before the next request');
  });

  test('asks for a new app token when Spotify forgets the one it gave', async ({ f, spotify }) => {
    seeded(spotify);
    const { client } = await f.signedInUser({ superAdmin: true });
    await client.call('spotify.search', { query: 'Кино', kind: 'artist' });
    const before = spotify.tokensIssued;
    spotify.revokeTokens();
    const again = await client.call('spotify.search', { query: 'Кино', kind: 'artist' });
    expect((again.body.value as SpotifySearchPage).artists).toHaveLength(1);
    expect(spotify.tokensIssued).toBe(before + 1);
  });

  test('answers "not found" to everyone but a super administrator, and asks Spotify nothing', async ({
    t,
    f,
    spotify,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const track = await createTrack(t, { room, title: 'Mine' });
    const asked = spotify.requests.length;
    for (const caller of [client, f.guest()]) {
      expectRefused(
        await caller.call('spotify.search', { query: 'x', kind: 'track' }),
        PLATFORM_ERRORS.notFound,
      );
      expectRefused(
        await caller.call('spotify.tracksToMatch', { search: '' }),
        PLATFORM_ERRORS.notFound,
      );
      expectRefused(
        await caller.call('spotify.findTrack', { trackId: track.id }),
        PLATFORM_ERRORS.notFound,
      );
      expectRefused(
        await caller.call('spotify.confirmMatch', {
          trackId: track.id,
          spotifyTrackId: 'trackKukushka',
        }),
        PLATFORM_ERRORS.notFound,
      );
    }
    expect(spotify.requests.length).toBe(asked);
  });
});

describe('Spotify not set up', () => {
  test('says so instead of searching', async ({ bare }) => {
    const { client } = await factories(bare).signedInUser({ superAdmin: true });
    expectRefused(
      await client.call('spotify.search', { query: 'x', kind: 'track' }),
      SPOTIFY_ERRORS.notConfigured,
    );
  });
});
