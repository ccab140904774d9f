import { describe, expect, it } from 'vitest';
import { ROOM_ERROR_TEXT, ROOM_ERRORS, ROOM_ROLES, ROOM_SORTS } from '@music-rooms/domain/rooms';
import en from '../../i18n/locales/en.json';
import ru from '../../i18n/locales/ru.json';
import { FunctionCallError } from '../../lib/api/function-call-error';
import { serverMessage } from '../../app/forms/server-message';
import { lookup } from '../../i18n/messages.test-support';

describe('room messages', () => {
  it('words every room error in English exactly as the product gives it', () => {
    for (const key of Object.values(ROOM_ERRORS)) {
      expect(lookup(en, key), key).toBe(ROOM_ERROR_TEXT[key]);
    }
  });

  it('translates every room error into Russian', () => {
    for (const key of Object.values(ROOM_ERRORS)) {
      const text = lookup(ru, key);
      expect(text, key).toBeTruthy();
      expect(text, key).not.toBe(ROOM_ERROR_TEXT[key]);
    }
  });

  it('names every role, access state and sort order in both languages', () => {
    for (const messages of [en, ru]) {
      for (const role of [...ROOM_ROLES, 'requested', 'rejected']) {
        expect(lookup(messages, `rooms.roles.${role}`), role).toBeTruthy();
      }
      for (const sort of ROOM_SORTS)
        expect(lookup(messages, `rooms.sort.${sort}`), sort).toBeTruthy();
    }
  });

  it('shows a refusal of the removal rules as its translated message', () => {
    const refusal = new FunctionCallError('forbidden', 'You can only change users you invited.', {
      code: 'forbidden',
      key: ROOM_ERRORS.onlyInvitedByYou,
    });
    const known = (key: string) => lookup(en, key) !== undefined;
    expect(serverMessage(refusal, 'rooms.errors.removeUserFailed', known)).toEqual({
      key: 'rooms.errors.onlyInvitedByYou',
    });
  });

  it('fills a refusal’s message with what its data names', () => {
    const wait = new FunctionCallError('rate_limited', 'Spotify asks to wait 60 s', {
      code: 'rate_limited',
      key: 'spotify.errors.rateLimited',
      seconds: 60,
      retryAfterMs: 60_000,
    });
    const known = (key: string) => lookup(en, key) !== undefined;
    expect(serverMessage(wait, 'errors.internal', known)).toEqual({
      key: 'spotify.errors.rateLimited',
      values: { seconds: 60, retryAfterMs: 60_000 },
    });
  });
});
