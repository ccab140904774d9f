import type { Language } from '@music-rooms/domain/limits';
import type { PagePreloads } from '@music-rooms/domain/page-preloads';
import type { AppPage } from '@music-rooms/domain/routes';

/**
 * The app shell as each page is sent: the built index.html naming, in its head, the scripts,
 * styles and messages that page's first view fetches beyond the entry (web/vite/page-preloads.ts).
 * The browser's preload scanner then asks for them all while the entry is still being parsed;
 * without them each waited for the router, then for the page's imports, then for the messages,
 * behind the six connections a browser opens to one host.
 */
export type PageShells = {
  /** The shell for a page in a language; the plain one for an unknown page or without preloads. */
  forPage(page: AppPage | null, language: Language): string;
};

/** A file of the build, as the page preloads name them: nothing else goes into the page. */
const ASSET_PATH = /^\/assets\/[\w.-]+$/;

export function pageShells(shell: string, preloads: PagePreloads | null): PageShells {
  const composed = new Map<string, string>();
  return {
    forPage(page, language) {
      if (page === null || !preloads?.pages[page]) return shell;
      const key = `${page} ${language}`;
      let html = composed.get(key);
      if (html === undefined) {
        html = withLinks(shell, preloadLinks(preloads, page, language));
        composed.set(key, html);
      }
      return html;
    },
  };
}

function preloadLinks(preloads: PagePreloads, page: AppPage, language: Language): string[] {
  const { scripts, styles, messages } = preloads.pages[page];
  const parts = preloads.messages[language];
  const messageScripts = [parts?.first, messages === 'all' ? parts?.rest : undefined];
  const script = (file: string) => `<link rel="modulepreload" crossorigin href="${file}">`;
  // Fetched, not applied: the page's chunk adds each stylesheet when it runs, as it would anyway.
  const style = (file: string) => `<link rel="preload" as="style" crossorigin href="${file}">`;
  const safe = (file: string | undefined): file is string => !!file && ASSET_PATH.test(file);
  return [
    ...messageScripts.filter(safe).map(script),
    ...scripts.filter(safe).map(script),
    ...styles.filter(safe).map(style),
  ];
}

/** The shell with `links` as the last lines of its head. */
function withLinks(shell: string, links: string[]): string {
  return shell.replace(
    /\n( *)<\/head>/,
    (end, indent: string) => links.map((link) => `\n${indent}  ${link}`).join('') + end,
  );
}
