import {
  YANDEX_MUSIC_ERRORS as KEYS,
  type ResolvedLink,
  type ServiceLibrary,
  type ServiceSearchResult,
  type TokenCheck,
} from '@music-rooms/domain';
import type { FunctionBody, JsonReply } from '../helpers/factories';
import { describe, expect } from '../helpers/fixtures';
import {
  TOKEN,
  TOKEN_ELSEWHERE,
  TOKEN_WITHOUT_PLUS,
  UUID_PLAYLIST,
  expectRefused,
  serviceTest as test,
} from '../helpers/yandex-music';

const valueOf = <T>(res: JsonReply<FunctionBody>): T => {
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return res.body.value as T;
};

// Reading the service with the person's token (spec §7: token validation, playlist load,
// track search) and the refusals of §8 for each.
describe('token validation', () => {
  test('answers the account and the title of the track it liked last', async ({ f }) => {
    const { client } = await f.signedInUser();
    const check = valueOf<TokenCheck>(
      await client.call('yandexMusic.validateToken', { token: TOKEN }),
    );
    expect(check).toEqual({
      account: { login: 'listener', name: 'Listener', hasPlus: true },
      testTrackTitle: 'Test Signal',
    });
    const other = valueOf<TokenCheck>(
      await client.call('yandexMusic.validateToken', { token: TOKEN_WITHOUT_PLUS }),
    );
    expect(other.testTrackTitle).toBe('Open Road');
  });

  test('takes a token whose catalogue lacks the others’ track: the test track comes from a search', async ({
    f,
  }) => {
    const { client } = await f.signedInUser();
    const check = valueOf<TokenCheck>(
      await client.call('yandexMusic.validateToken', { token: TOKEN_ELSEWHERE }),
    );
    expect(check).toEqual({
      account: { login: 'traveller', name: 'Traveller', hasPlus: false },
      testTrackTitle: 'Hold the Music',
    });
  });

  test('takes a token whose account answers even when no track can be read', async ({
    f,
    double,
  }) => {
    const { client } = await f.signedInUser();
    double.apiFailures.push({ match: /^\/(search|tracks|users\/.*)$/, status: 500 });
    try {
      const check = valueOf<TokenCheck>(
        await client.call('yandexMusic.validateToken', { token: TOKEN }),
      );
      expect(check.testTrackTitle).toBeNull();
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('asks for a token first when it is blank (enter token first)', async ({ f }) => {
    const { client } = await f.signedInUser();
    const res = await client.call('yandexMusic.validateToken', { token: '  ' });
    expectRefused(res, KEYS.enterTokenFirst);
  });

  test('refuses a token of the wrong format before asking the service', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    const before = double.requests.length;
    expectRefused(
      await client.call('yandexMusic.validateToken', { token: 'not a token' }),
      KEYS.tokenFormatInvalid,
    );
    expect(double.requests.length).toBe(before);
  });

  test('says a token the service does not know is invalid or expired (401)', async ({ f }) => {
    const { client } = await f.signedInUser();
    const res = await client.call('yandexMusic.validateToken', {
      token: 'y0_AgAAAAAUnknownToken0123456789',
    });
    expectRefused(res, KEYS.tokenInvalid);
  });

  test('says validation failed when the service fails', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    double.apiFailures.push({ match: /^\/account\/status$/, status: 500 });
    try {
      expectRefused(
        await client.call('yandexMusic.validateToken', { token: TOKEN }),
        KEYS.tokenValidationFailed,
      );
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('sends the token to the service in the Authorization header', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    await client.call('yandexMusic.validateToken', { token: TOKEN });
    expect(double.requestsWith(TOKEN).at(-1)?.authorization).toBe(`OAuth ${TOKEN}`);
  });

  test('asks a guest to sign in', async ({ f }) => {
    const res = await f.guest().call('yandexMusic.validateToken', { token: TOKEN });
    expect(res.body.errorData.code).toBe('not_signed_in');
  });
});

describe('links', () => {
  test('loads a user’s playlist: title, cover, count and each track', async ({ f }) => {
    const { client } = await f.signedInUser();
    const url = 'https://music.yandex.ru/users/listener/playlists/1001?utm_source=share';
    const found = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', { token: TOKEN, url }),
    );
    expect(found).toMatchObject({ kind: 'playlist', title: 'Road Trip', trackCount: 3 });
    expect(found.cover).toMatch(/^data:image\/webp;base64,/);
    expect(
      found.tracks.map((t) => [t.id, t.title, t.artists, t.durationMs, t.availability]),
    ).toEqual([
      ['101', 'Morning Drive', 'The Testers', 4000, 'available'],
      ['102', 'Open Road', 'The Testers', 4000, 'available'],
      ['103', 'Sunset Boulevard', 'The Testers', 4000, 'available'],
    ]);
  });

  test('loads a uuid playlist whose entries name only track ids', async ({ f }) => {
    const { client } = await f.signedInUser();
    const url = `https://music.yandex.com/playlists/${UUID_PLAYLIST}/`;
    const found = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', { token: TOKEN, url }),
    );
    expect(found.title).toBe('Shared Mix');
    expect(found.tracks.map((track) => track.title)).toEqual(['Morning Drive', 'Night One']);
  });

  test('loads an album with its tracks, and one track', async ({ f }) => {
    const { client } = await f.signedInUser();
    const album = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', { token: TOKEN, url: 'music.yandex.by/album/500' }),
    );
    expect(album).toMatchObject({ kind: 'album', title: 'Night Album', trackCount: 2 });
    const track = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', {
        token: TOKEN,
        url: 'https://music.yandex.kz/album/5101/track/101',
      }),
    );
    expect(track).toMatchObject({ kind: 'track', title: 'Morning Drive', trackCount: 1 });
  });

  test('marks tracks for subscribers as premium for an account without one, and unavailable ones', async ({
    f,
    double,
  }) => {
    const { client } = await f.signedInUser();
    double.addTrack({ ...double.tracks.get('201')!, id: '211', title: 'Plus Only', premium: true });
    double.addTrack({ ...double.tracks.get('201')!, id: '212', title: 'Gone', available: false });
    double.albums.set('510', { title: 'Mixed', trackIds: ['211', '212', '201'] });
    const url = 'https://music.yandex.ru/album/510';
    const without = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', { token: TOKEN_WITHOUT_PLUS, url }),
    );
    expect(without.tracks.map((t) => t.availability)).toEqual([
      'premium',
      'unavailable',
      'available',
    ]);
    const withPlus = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', { token: TOKEN, url }),
    );
    expect(withPlus.tracks.map((t) => t.availability)).toEqual([
      'available',
      'unavailable',
      'available',
    ]);
  });

  test('refuses a link that is no track, album or playlist (invalid URL)', async ({ f }) => {
    const { client } = await f.signedInUser();
    const res = await client.call('yandexMusic.resolve', {
      token: TOKEN,
      url: 'https://music.yandex.ru/artist/1',
    });
    expectRefused(res, KEYS.invalidUrl);
  });

  test('says a playlist that is not there is not found', async ({ f }) => {
    const { client } = await f.signedInUser();
    const url = 'https://music.yandex.ru/users/listener/playlists/999';
    expectRefused(
      await client.call('yandexMusic.resolve', { token: TOKEN, url }),
      KEYS.playlistNotFound,
    );
  });

  test('says the playlist failed to load when the service fails', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    double.apiFailures.push({ match: /^\/users\//, status: 502 });
    try {
      const url = 'https://music.yandex.ru/users/listener/playlists/1001';
      expectRefused(
        await client.call('yandexMusic.resolve', { token: TOKEN, url }),
        KEYS.playlistLoadFailed,
      );
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('says a track that is not there is not found', async ({ f }) => {
    const { client } = await f.signedInUser();
    const url = 'https://music.yandex.ru/track/424242';
    expectRefused(
      await client.call('yandexMusic.resolve', { token: TOKEN, url }),
      KEYS.trackNotFound,
    );
  });
});

describe('the account’s own library', () => {
  test('lists how many tracks it likes and its playlists, with their links', async ({ f }) => {
    const { client } = await f.signedInUser();
    const library = valueOf<ServiceLibrary>(
      await client.call('yandexMusic.library', { token: TOKEN }),
    );
    expect(library).toEqual({
      likedCount: 3,
      playlists: [
        {
          title: 'Road Trip',
          trackCount: 3,
          url: 'https://music.yandex.ru/users/listener/playlists/1001',
        },
        {
          title: 'Empty for now',
          trackCount: 0,
          url: 'https://music.yandex.ru/users/listener/playlists/1002',
        },
      ],
    });
    const playlist = valueOf<ResolvedLink>(
      await client.call('yandexMusic.resolve', { token: TOKEN, url: library.playlists[0]!.url }),
    );
    expect(playlist.tracks.map((track) => track.title)).toEqual([
      'Morning Drive',
      'Open Road',
      'Sunset Boulevard',
    ]);
  });

  test('reads the liked tracks, newest first, with their availability', async ({ f }) => {
    const { client } = await f.signedInUser();
    const liked = valueOf<ResolvedLink>(
      await client.call('yandexMusic.likedTracks', { token: TOKEN }),
    );
    expect(liked).toMatchObject({ kind: 'liked', trackCount: 3 });
    expect(liked.tracks.map((track) => [track.title, track.availability])).toEqual([
      ['Test Signal', 'available'],
      ['Night One', 'available'],
      ['Sunset Boulevard', 'available'],
    ]);
    const none = valueOf<ResolvedLink>(
      await client.call('yandexMusic.likedTracks', { token: TOKEN_ELSEWHERE }),
    );
    expect(none.tracks).toEqual([]);
  });

  test('says the library failed to load when the service fails', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    double.apiFailures.push({ match: /\/playlists\/list$/, status: 500 });
    try {
      expectRefused(
        await client.call('yandexMusic.library', { token: TOKEN }),
        KEYS.playlistLoadFailed,
      );
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('asks a guest to sign in', async ({ f }) => {
    for (const path of ['yandexMusic.library', 'yandexMusic.likedTracks'] as const) {
      const res = await f.guest().call(path, { token: TOKEN });
      expect(res.body.errorData.code, path).toBe('not_signed_in');
    }
  });
});

describe('search', () => {
  test('finds tracks by title or artist', async ({ f }) => {
    const { client } = await f.signedInUser();
    const found = valueOf<ServiceSearchResult>(
      await client.call('yandexMusic.search', { token: TOKEN, query: 'night' }),
    );
    expect(found.tracks.map((track) => track.title)).toEqual(['Night One', 'Night Two']);
  });

  test('says the search failed when the service fails', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    double.apiFailures.push({ match: /^\/search$/, status: 500 });
    try {
      expectRefused(
        await client.call('yandexMusic.search', { token: TOKEN, query: 'x' }),
        KEYS.searchFailed,
      );
    } finally {
      double.apiFailures.length = 0;
    }
  });

  test('says the network failed when the service answers too slowly', async ({ f, double }) => {
    const { client } = await f.signedInUser();
    double.apiDelayMs = 5000;
    try {
      expectRefused(
        await client.call('yandexMusic.search', { token: TOKEN, query: 'x' }),
        KEYS.networkError,
      );
    } finally {
      double.apiDelayMs = 0;
    }
  });
});
