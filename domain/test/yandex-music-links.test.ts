import { describe, expect, it } from 'vitest';
import { parseServiceLink } from '../src/yandex-music-links';
import {
  serviceLinkSchema,
  serviceTokenSchema,
  serviceTrackIdSchema,
} from '../src/schemas/yandex-music';

const UUID = '0f8c3a5e-1b2d-4c6e-9a7b-3d5f7e9a1c2b';

describe('links to the streaming service', () => {
  it.each(['ru', 'com', 'by', 'kz', 'uz'])(
    'reads a track in an album on music.yandex.%s',
    (zone) => {
      expect(parseServiceLink(`https://music.yandex.${zone}/album/123/track/456`)).toEqual({
        kind: 'track',
        trackId: '456',
        albumId: '123',
      });
    },
  );

  it.each([
    [
      'a bare track',
      'https://music.yandex.ru/track/789',
      { kind: 'track', trackId: '789', albumId: null },
    ],
    ['an album', 'https://music.yandex.ru/album/42', { kind: 'album', albumId: '42' }],
    [
      "a user's playlist",
      'https://music.yandex.ru/users/music.lover-1/playlists/1003',
      { kind: 'playlist', owner: 'music.lover-1', playlistKind: '1003' },
    ],
    [
      'an lk. playlist',
      `https://music.yandex.ru/playlists/lk.${UUID}`,
      { kind: 'playlist', uuid: `lk.${UUID}` },
    ],
    [
      'a ps. playlist',
      `https://music.yandex.com/playlists/ps.${UUID}`,
      { kind: 'playlist', uuid: `ps.${UUID}` },
    ],
    [
      'a uuid playlist',
      `https://music.yandex.kz/playlists/${UUID.toUpperCase()}`,
      { kind: 'playlist', uuid: UUID },
    ],
  ])('reads %s', (_, url, expected) => {
    expect(parseServiceLink(url)).toEqual(expected);
  });

  it.each([
    'https://music.yandex.ru/album/123/track/456?utm_source=share&from=web',
    'https://music.yandex.ru/album/123/track/456/',
    'https://music.yandex.ru/album/123/track/456/?lang=en',
    'https://music.yandex.ru/album/123/track/456#top',
    'http://music.yandex.ru/album/123/track/456',
    'music.yandex.ru/album/123/track/456',
    '  https://MUSIC.YANDEX.RU/album/123/track/456  ',
  ])('takes query strings, trailing slashes, fragments, http and no scheme: %s', (url) => {
    expect(parseServiceLink(url)).toEqual({ kind: 'track', trackId: '456', albumId: '123' });
  });

  it.each([
    '',
    'not a link',
    'https://music.yandex.ru/',
    'https://music.yandex.ru/artist/123',
    'https://music.yandex.ru/album/abc',
    'https://music.yandex.ru/album/123/track/',
    'https://music.yandex.ru/users/someone/playlists/',
    'https://music.yandex.ru/users/someone/playlists/abc',
    'https://music.yandex.ru/playlists/lk.not-a-uuid',
    'https://music.yandex.de/album/123',
    'https://music.yandex.ru.evil.example/album/123',
    'https://evil.example/music.yandex.ru/album/123',
    'https://user@music.yandex.ru/album/123',
    'https://music.yandex.ru:8080/album/123',
    'ftp://music.yandex.ru/album/123',
    'https://music.yandex.ru/album/123 /track/4',
  ])('refuses anything else: %j', (url) => {
    expect(parseServiceLink(url)).toBeNull();
    expect(serviceLinkSchema.safeParse(url).success).toBe(false);
  });

  it('names the refusal with the invalid URL key', () => {
    const result = serviceLinkSchema.safeParse('https://example.com/album/1');
    expect(result.error?.issues[0]?.message).toBe('yandexMusic.errors.invalidUrl');
  });
});

describe('the token and track ids', () => {
  it('asks for a token first when it is blank', () => {
    expect(serviceTokenSchema.safeParse('   ').error?.issues[0]?.message).toBe(
      'yandexMusic.errors.enterTokenFirst',
    );
  });

  it.each([
    'short',
    'y0_has spaces in the middle of it',
    'y0_AgAAAA<script>1234567890',
    'x'.repeat(513),
  ])('refuses a token of the wrong format: %s', (token) => {
    expect(serviceTokenSchema.safeParse(token).error?.issues[0]?.message).toBe(
      'yandexMusic.errors.tokenFormatInvalid',
    );
  });

  it.each(['y0_AgAAAAAAbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_', 'AQAAAAAAbCdEfGhIjKlMnOpQrStUvWx'])(
    'takes a token of the service’s format, trimmed: %s',
    (token) => {
      expect(serviceTokenSchema.parse(` ${token} `)).toBe(token);
    },
  );

  it('takes a track id with or without its album', () => {
    expect(serviceTrackIdSchema.parse('456')).toBe('456');
    expect(serviceTrackIdSchema.parse('456:123')).toBe('456');
    expect(serviceTrackIdSchema.safeParse('45a').success).toBe(false);
  });
});
