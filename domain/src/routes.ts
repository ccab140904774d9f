import { LANGUAGES, type Language } from './limits';

/**
 * The client routes of the app (spec §2). The server uses the same table to answer
 * 404 for paths the app does not know, while still serving the app shell to render them.
 */
export const APP_ROUTES = {
  home: '/',
  room: '/room/:id',
  auth: '/auth',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  protected: '/protected',
  settings: '/settings',
  createRoom: '/rooms/new',
  dev: '/dev',
} as const;

export const DEV_PAGES = [
  'notices',
  'debug-r2',
  'duplicates',
  's3-cors-test',
  'audio-normalize',
  'debug-migration',
  'track-parser-test',
  'yandex-music-test',
  'yandex-music-test-v2',
  'spotify-search-test',
  'spotify-find-track-test',
  'artist-search-comparison',
  'ui-components',
] as const;

/** A page of the app other than the developer pages (a key of APP_ROUTES). */
export type AppPage = Exclude<keyof typeof APP_ROUTES, 'dev'>;

export type RouteMatch =
  | { kind: 'app'; page: AppPage; locale: Language | null; path: string }
  | { kind: 'dev'; locale: Language | null; path: string }
  | { kind: 'unknown'; locale: Language | null; path: string };

/** Splits an optional locale prefix (/ru/..., /en/...) off a path. */
export function splitLocale(pathname: string): { locale: Language | null; path: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const prefix = match?.[1];
  if (prefix && (LANGUAGES as readonly string[]).includes(prefix)) {
    return { locale: prefix as Language, path: match?.[2] ?? '/' };
  }
  return { locale: null, path: pathname };
}

const FIXED_PAGES = new Map(
  (Object.entries(APP_ROUTES) as [keyof typeof APP_ROUTES, string][]).flatMap(([page, path]) =>
    page === 'dev' || path.includes(':') ? [] : [[path, page as AppPage] as const],
  ),
);

/** The page a path (without its locale prefix) shows, or null when the app has none there. */
function pageAt(path: string): AppPage | null {
  return FIXED_PAGES.get(path) ?? (/^\/room\/[^/]+$/.test(path) ? 'room' : null);
}

/** Classifies a browser path: a known page, a developer page, or unknown (404). */
export function matchAppRoute(pathname: string): RouteMatch {
  const { locale, path } = splitLocale(pathname);
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === '/dev' || clean.startsWith('/dev/')) return { kind: 'dev', locale, path: clean };
  const page = pageAt(clean);
  return page
    ? { kind: 'app', page, locale, path: clean }
    : { kind: 'unknown', locale, path: clean };
}
