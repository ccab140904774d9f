import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  LIMITS,
  LOCALE_COOKIE,
  type Language,
} from '@music-rooms/domain/limits';
import { splitLocale } from '@music-rooms/domain/routes';

const SECONDS_PER_DAY = 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored in the locale cookie, if any (`document.cookie` format). */
export function readLocaleCookie(cookies: string): Language | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** A `document.cookie` assignment that keeps the language for LIMITS.localeCookieDays. */
export function localeCookie(language: Language, secure: boolean): string {
  const maxAge = LIMITS.localeCookieDays * SECONDS_PER_DAY;
  return `${LOCALE_COOKIE}=${language}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The first of the browser's preferred languages that the app speaks ("ru-RU" counts as ru). */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

export type DetectedLanguage = {
  language: Language;
  source: 'prefix' | 'cookie' | 'browser' | 'default';
};

type DetectInput = { pathname: string; cookies: string; preferred: readonly string[] };

/**
 * Which language to show. A locale prefix in the address (/ru/...) is an explicit request and
 * sets the language; otherwise the saved choice (cookie), then the browser's preference.
 */
export function detectLanguage({ pathname, cookies, preferred }: DetectInput): DetectedLanguage {
  const prefix = splitLocale(pathname).locale;
  if (prefix) return { language: prefix, source: 'prefix' };
  const saved = readLocaleCookie(cookies);
  if (saved) return { language: saved, source: 'cookie' };
  const browser = browserLanguage(preferred);
  if (browser) return { language: browser, source: 'browser' };
  return { language: DEFAULT_LANGUAGE, source: 'default' };
}
