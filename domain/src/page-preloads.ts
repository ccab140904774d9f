import type { Language } from './limits';
import type { AppPage } from './routes';

/**
 * The files each page's first view fetches beyond the app's entry, found in each production build
 * (web/vite/page-preloads.ts) and named by the server in the shell it sends for that page
 * (server/src/routes/page-shell.ts): the browser then fetches them all while it parses the entry,
 * not one round after another as the router and the page's imports reach them.
 */

/** Paths from the site's root (`/assets/…`). */
export type PagePreload = { scripts: string[]; styles: string[] };

export type PagePreloads = {
  pages: Record<AppPage, PagePreload & { messages: 'first' | 'all' }>;
  /** Each language's two parts of the messages (web/src/i18n/message-parts.ts). */
  messages: Partial<Record<Language, { first?: string; rest?: string }>>;
};

/** Beside the shell (index.html) in the built web app. */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';
