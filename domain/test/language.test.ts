import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  browserLanguage,
  detectLanguage,
  readLocaleCookie,
} from '../src/language';

describe('language detection', () => {
  it('lets a locale prefix in the address decide', () => {
    expect(
      detectLanguage({ pathname: '/ru/room/abc', cookies: 'locale=en', preferred: ['en-US'] }),
    ).toEqual({
      language: 'ru',
      source: 'prefix',
    });
  });

  it('uses the locale cookie when the address has no prefix', () => {
    expect(
      detectLanguage({ pathname: '/auth', cookies: 'a=1; locale=ru', preferred: ['en-US'] }),
    ).toEqual({
      language: 'ru',
      source: 'cookie',
    });
  });

  it('falls back to the browser language, then to English', () => {
    expect(
      detectLanguage({ pathname: '/', cookies: '', preferred: ['de-DE', 'ru-RU'] }).language,
    ).toBe('ru');
    expect(detectLanguage({ pathname: '/', cookies: 'locale=fr', preferred: ['de'] })).toEqual({
      language: 'en',
      source: 'default',
    });
  });

  it('does not take a look-alike path for a locale prefix', () => {
    expect(detectLanguage({ pathname: '/ruby', cookies: '', preferred: [] }).source).toBe(
      'default',
    );
  });

  it('reads only the locale cookie', () => {
    expect(readLocaleCookie('xlocale=ru; locale=en')).toBe('en');
    expect(readLocaleCookie('other=ru')).toBeNull();
    expect(browserLanguage(['EN-gb'])).toBe('en');
  });
});

describe('acceptedLanguages', () => {
  it('orders the tags of an Accept-Language header by preference', () => {
    expect(acceptedLanguages('de;q=0.5, ru-RU,en;q=0.8,ru;q=0.9')).toEqual([
      'ru-RU',
      'ru',
      'en',
      'de',
    ]);
  });

  it('leaves out refused tags and the wildcard, and reads a missing header as none', () => {
    expect(acceptedLanguages('ru;q=0, *;q=0.1, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });

  it('gives the server the browser’s choice', () => {
    const preferred = acceptedLanguages('fr-FR,fr;q=0.9,ru;q=0.8,en;q=0.7');
    expect(detectLanguage({ pathname: '/room/x', cookies: '', preferred }).language).toBe('ru');
  });
});
