import { ROOM_LIMITS, ROOM_URL_PATTERN, suggestRoomUrl } from '@music-rooms/domain/rooms';

/**
 * The room URL while a room is being made (spec §2 Create room): suggested from the name
 * (Cyrillic transliterated) until the person types one of their own. Emptying the URL field
 * hands it back to the suggestion, from the next change of the name on.
 */
export type UrlDraft = { url: string; edited: boolean };

export const EMPTY_DRAFT: UrlDraft = { url: '', edited: false };

/** The name changed: a URL not edited by hand follows it. */
export function draftAfterName(draft: UrlDraft, name: string): UrlDraft {
  return draft.edited ? draft : { url: suggestRoomUrl(name), edited: false };
}

/** The person typed in the URL field: lower case, and spaces become hyphens as they type. */
export function draftAfterTyping(typed: string): UrlDraft {
  const url = typed.toLowerCase().replace(/\s+/g, '-');
  return { url, edited: url !== '' };
}

/**
 * What can be said about a URL without asking the server: nothing typed, not a valid room URL,
 * the room's own current URL (settings), or worth asking whether it is free.
 */
export type LocalUrlCheck = 'idle' | 'invalid' | 'current' | 'ask';

export function localUrlCheck(url: string, currentUrl?: string): LocalUrlCheck {
  const value = url.trim();
  if (value === '') return 'idle';
  if (currentUrl !== undefined && value === currentUrl) return 'current';
  const { min, max } = ROOM_LIMITS.url;
  if (value.length < min || value.length > max || !ROOM_URL_PATTERN.test(value)) return 'invalid';
  return 'ask';
}
