import {
  PLATFORM_ERRORS,
  YANDEX_MUSIC_ERRORS,
  type ArtistComparison,
  type DevDownloadLink,
  type DevServiceAccount,
  type DevServiceOutcome,
  type ResolvedLink,
  type ServiceSearchResult,
} from '@music-rooms/domain';
import type { FunctionBody, JsonReply } from '../helpers/factories';
import { describe, expect } from '../helpers/fixtures';
import { createRoom, expectRefused } from '../helpers/rooms';
import { SpotifyDouble } from '../helpers/spotify-double';
import { createTrack } from '../helpers/tracks';
import { SIGNAL_TRACK_ID, TOKEN, TOKEN_WITHOUT_PLUS, serviceTest } from '../helpers/yandex-music';

// The streaming service and Spotify as the developer pages try them (spec §2): each try with
// its raw exchanges, the token masked in all of them, and nothing for anyone else.
const test = serviceTest
  // Vitest reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('spotify', { scope: 'file' }, async ({}, { onCleanup }) => {
    const spotify = await new SpotifyDouble().start();
    onCleanup(() => spotify.close());
    return spotify;
  })
  .extend('appEnv', { scope: 'file' }, ({ double, spotify }) => ({
    YANDEX_MUSIC_API_URL: double.url,
    YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
    ...spotify.env,
  }));

const outcomeOf = <T>(res: JsonReply<FunctionBody>): DevServiceOutcome<T> => {
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return res.body.value as DevServiceOutcome<T>;
};

const valueOf = <T>(outcome: DevServiceOutcome<T>): T => {
  if (!outcome.ok) throw new Error(`failed: ${JSON.stringify(outcome.failure)}`);
  return outcome.value;
};

/** The token's middle never appears, its masked form does where it was sent. */
function expectMasked(outcome: DevServiceOutcome<unknown>, token: string) {
  const text = JSON.stringify(outcome);
  expect(text).not.toContain(token);
  expect(text).not.toContain(token.slice(4, -4));
  expect(
    outcome.exchanges.some((e) => e.authorization === `OAuth y0_A••••••••${token.slice(-4)}`),
  ).toBe(true);
}

describe('the streaming service on the developer pages', () => {
  test('checks the account with the raw answer', async ({ f }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const outcome = outcomeOf<DevServiceAccount>(
      await client.call('devServices.account', { token: TOKEN }),
    );
    expect(valueOf(outcome)).toEqual({
      uid: expect.any(String),
      login: 'listener',
      name: 'Listener',
      hasPlus: true,
    });
    expect(outcome.exchanges).toEqual([
      expect.objectContaining({ method: 'GET', status: 200, truncated: false }),
    ]);
    expect(outcome.exchanges[0]!.url).toMatch(/\/account\/status$/);
    expect(JSON.parse(outcome.exchanges[0]!.body)).toMatchObject({
      result: { account: { login: 'listener' } },
    });
    expectMasked(outcome, TOKEN);
  });

  test('keeps the raw answer of a refusal, and the service’s error', async ({ f }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const wrong = 'y0_AgAAAAANobodyKnowsThisToken0123456789ab';
    const outcome = outcomeOf(await client.call('devServices.account', { token: wrong }));
    expect(outcome).toMatchObject({
      ok: false,
      failure: { key: YANDEX_MUSIC_ERRORS.tokenInvalid },
      exchanges: [{ status: 401 }],
    });
    expect(outcome.exchanges[0]!.body).toContain('session-expired');
    expectMasked(outcome, wrong);
  });

  test('resolves a link and searches, with every call made', async ({ f }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    const resolved = outcomeOf<ResolvedLink>(
      await client.call('devServices.resolve', {
        token: TOKEN,
        url: 'https://music.yandex.ru/users/listener/playlists/1001',
      }),
    );
    expect(valueOf(resolved)).toMatchObject({ title: 'Road Trip', trackCount: 3 });
    const paths = resolved.exchanges.map((e) => new URL(e.url).pathname);
    expect(paths).toEqual(
      expect.arrayContaining(['/account/status', '/users/listener/playlists/1001']),
    );
    expectMasked(resolved, TOKEN);

    const found = outcomeOf<ServiceSearchResult>(
      await client.call('devServices.search', { token: TOKEN, query: 'night' }),
    );
    expect(valueOf(found).tracks.map((track) => track.title)).toEqual(['Night One', 'Night Two']);
    expect(found.exchanges.find((e) => e.url.includes('/search'))?.body).toContain('Night One');
  });

  test('gets a track’s signed link by both download schemes, and the link answers', async ({
    f,
    double,
  }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    for (const scheme of ['v1', 'v2'] as const) {
      const outcome = outcomeOf<DevDownloadLink>(
        await client.call('devServices.downloadInfo', {
          token: TOKEN,
          trackId: SIGNAL_TRACK_ID,
          scheme,
        }),
      );
      const link = valueOf(outcome);
      expect(link).toMatchObject({
        scheme,
        codec: 'mp3',
        bitrateInKbps: 128,
        probe: { status: 200, contentType: 'audio/mpeg' },
      });
      expect(link.link.startsWith(`${double.url}/get-mp3/`)).toBe(true);
      const paths = outcome.exchanges.map((e) => new URL(e.url).pathname);
      expect(paths[0]).toBe(
        scheme === 'v1' ? `/tracks/${SIGNAL_TRACK_ID}/download-info` : '/get-file-info',
      );
      if (scheme === 'v1') expect(outcome.exchanges[1]!.body).toContain('<download-info>');
      if (scheme === 'v2') {
        const asked = new URL(outcome.exchanges[0]!.url).searchParams;
        expect(asked.get('trackId')).toBe(SIGNAL_TRACK_ID);
        expect(asked.get('sign')).toMatch(/^[A-Za-z0-9+/]{43}$/);
      }
      expect(paths.at(-1)).toMatch(/^\/get-mp3\//);
      // The token never goes to the storage's addresses.
      expect(outcome.exchanges.at(-1)!.authorization).toBeNull();
      expectMasked(outcome, TOKEN);
    }
  });

  test('says why a scheme has no link: a subscription is needed', async ({ f, double }) => {
    const { client } = await f.signedInUser({ superAdmin: true });
    double.addTrack({ ...double.tracks.get('101')!, id: '777', premium: true });
    for (const scheme of ['v1', 'v2'] as const) {
      const outcome = outcomeOf(
        await client.call('devServices.downloadInfo', {
          token: TOKEN_WITHOUT_PLUS,
          trackId: '777',
          scheme,
        }),
      );
      expect(outcome).toMatchObject({
        ok: false,
        failure: { key: YANDEX_MUSIC_ERRORS.premiumRequired },
      });
      expect(outcome.exchanges[0]).toMatchObject({ status: 403 });
    }
  });
});

describe('the artist search comparison', () => {
  test('lists the artist on both services beside the ids kept on tracks', async ({
    t,
    f,
    spotify,
    double,
  }) => {
    spotify.addArtist({ id: 'artistTesters', name: 'The Testers', followers: 4321, genres: [] });
    double.artistLikes.set('9101', 55);
    const { user, client } = await f.signedInUser({ superAdmin: true });
    const room = await createRoom(t, { owner: user });
    await createTrack(t, {
      room,
      artist: 'The Testers',
      artistExternalIds: { spotify: 'artistTesters', yandexMusic: '9101' },
    });
    await createTrack(t, {
      room,
      artist: 'The Testers',
      artistExternalIds: { yandexMusic: '9101' },
    });
    await createTrack(t, { room, artist: 'Someone Else', artistExternalIds: { spotify: 'x1' } });

    const res = await client.call('devServices.compareArtists', { name: 'testers', token: TOKEN });
    expect(res.body.status, JSON.stringify(res.body)).toBe('success');
    const comparison = res.body.value as ArtistComparison;
    expect(comparison.spotify).toMatchObject({
      ok: true,
      value: [
        { id: 'artistTesters', name: 'The Testers', audience: 4321, audienceKind: 'followers' },
      ],
    });
    const service = comparison.yandexMusic!;
    expect(service.ok && service.value.find((artist) => artist.id === '9101')).toMatchObject({
      name: 'The Testers',
      audience: 55,
      audienceKind: 'likes',
      picture: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    expectMasked(service, TOKEN);
    expect(comparison.stored).toEqual([
      { service: 'spotify', id: 'artistTesters', artists: ['The Testers'], trackCount: 1 },
      { service: 'yandexMusic', id: '9101', artists: ['The Testers'], trackCount: 2 },
    ]);

    const withoutToken = await client.call('devServices.compareArtists', { name: 'testers' });
    expect((withoutToken.body.value as ArtistComparison).yandexMusic).toBeNull();
  });
});

describe('refusals', () => {
  test('answers "not found" to a user and a guest, and asks neither service', async ({
    f,
    double,
    spotify,
  }) => {
    const { client } = await f.signedInUser();
    const askedService = double.requests.length;
    const askedSpotify = spotify.requests.length;
    const calls = [
      ['devServices.account', { token: TOKEN }],
      ['devServices.resolve', { token: TOKEN, url: 'https://music.yandex.ru/album/500' }],
      ['devServices.search', { token: TOKEN, query: 'night' }],
      ['devServices.downloadInfo', { token: TOKEN, trackId: SIGNAL_TRACK_ID, scheme: 'v1' }],
      ['devServices.downloadInfo', { token: TOKEN, trackId: SIGNAL_TRACK_ID, scheme: 'v2' }],
      ['devServices.compareArtists', { name: 'testers', token: TOKEN }],
    ] as const;
    for (const caller of [client, f.guest()]) {
      for (const [path, args] of calls) {
        expectRefused(await caller.call(path, args), PLATFORM_ERRORS.notFound);
      }
    }
    expect(double.requests.length).toBe(askedService);
    expect(spotify.requests.length).toBe(askedSpotify);
  });
});
