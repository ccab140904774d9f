import { describe, expect, it } from 'vitest';
import { matchAppRoute, splitLocale } from '../src/routes';

describe('matchAppRoute', () => {
  it.each([
    '/',
    '/auth',
    '/reset-password',
    '/protected',
    '/settings',
    '/rooms/new',
    '/room/abc-123',
    '/room/abc/',
  ])('knows the page %s', (path) => expect(matchAppRoute(path).kind).toBe('app'));

  it.each([
    ['/', 'home'],
    ['/room/abc/', 'room'],
    ['/rooms/new', 'createRoom'],
    ['/verify-email', 'verifyEmail'],
    ['/settings/', 'settings'],
  ])('names the page %s shows', (path, page) =>
    expect(matchAppRoute(path)).toMatchObject({ kind: 'app', page }),
  );

  it.each(['/nope', '/room', '/room/a/b', '/authx', '/deverything'])('does not know %s', (path) =>
    expect(matchAppRoute(path).kind).toBe('unknown'),
  );

  it.each(['/dev', '/dev/', '/dev/notices', '/dev/anything/else'])(
    'treats %s as a developer page',
    (path) => expect(matchAppRoute(path).kind).toBe('dev'),
  );

  it('strips a locale prefix and reports the locale', () => {
    expect(matchAppRoute('/ru/room/x')).toEqual({
      kind: 'app',
      page: 'room',
      locale: 'ru',
      path: '/room/x',
    });
    expect(matchAppRoute('/en')).toEqual({ kind: 'app', page: 'home', locale: 'en', path: '/' });
    expect(matchAppRoute('/ru/dev')).toMatchObject({ kind: 'dev', locale: 'ru' });
  });

  it('does not take an unsupported two-letter segment for a locale', () => {
    expect(splitLocale('/de/room/x')).toEqual({ locale: null, path: '/de/room/x' });
    expect(matchAppRoute('/de')).toMatchObject({ kind: 'unknown', locale: null });
  });
});
