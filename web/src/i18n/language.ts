import { LIMITS, LOCALE_COOKIE, type Language } from '@music-rooms/domain/limits';

const SECONDS_PER_DAY = 24 * 60 * 60;

/** A `document.cookie` assignment that keeps the language for LIMITS.localeCookieDays. */
export function localeCookie(language: Language, secure: boolean): string {
  const maxAge = LIMITS.localeCookieDays * SECONDS_PER_DAY;
  return `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
