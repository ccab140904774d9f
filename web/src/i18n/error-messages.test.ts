import { describe, expect, it } from 'vitest';
import { ERROR_TEXT, PLATFORM_ERRORS } from '@music-rooms/domain/errors';
import en from './locales/en.json';
import ru from './locales/ru.json';
import { lookup } from './messages.test-support';

// Every key a server error can carry is one the web translates, in both languages.
describe('error keys', () => {
  it.each(Object.keys(ERROR_TEXT))('%s is translated into English and Russian', (key) => {
    expect(lookup(en, key), `en ${key}`).toBeTruthy();
    expect(lookup(ru, key), `ru ${key}`).toBeTruthy();
  });

  it('words the platform errors in English as the server does', () => {
    for (const key of Object.values(PLATFORM_ERRORS)) expect(lookup(en, key)).toBe(ERROR_TEXT[key]);
  });
});
