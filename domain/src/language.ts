import { DEFAULT_LANGUAGE, LANGUAGES, LOCALE_COOKIE, type Language } from './limits';
import { splitLocale } from './routes';

/**
 * Which language a page is shown in, decided the same way by the browser (which loads its
 * messages) and by the server (which names those messages in the page it sends, to be fetched
 * at once).
 */

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored in the locale cookie, if any (`document.cookie` / `Cookie` format). */
export function readLocaleCookie(cookies: string): Language | null {
  for (const part of cookies.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LOCALE_COOKIE && isLanguage(value)) return value;
  }
  return null;
}

/** The first of the browser's preferred languages that the app speaks ("ru-RU" counts as ru). */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/**
 * The tags of an `Accept-Language` header, most preferred first, as `navigator.languages` has
 * them: "ru-RU,ru;q=0.9,en;q=0.8" → ["ru-RU", "ru", "en"]. Tags refused with q=0 are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  const tags = (header ?? '').split(',').flatMap((entry, order) => {
    const [tag = '', ...params] = entry.trim().split(';');
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    const q = quality === undefined ? 1 : Number(quality);
    return tag && tag !== '*' && q > 0 ? [{ tag, q, order }] : [];
  });
  return tags.sort((a, b) => b.q - a.q || a.order - b.order).map(({ tag }) => tag);
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
