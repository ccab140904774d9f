import path from 'node:path';
import type { Plugin, Rollup } from 'vite';
import type { PagePreloads } from '@music-rooms/domain/page-preloads';
import type { AppPage } from '@music-rooms/domain/routes';
// By path: Vite loads its config's workspace packages as they are, and Node runs no TypeScript.
import { PAGE_PRELOADS_FILE } from '../../domain/src/page-preloads.ts';
import { localePartOf } from './locale-parts.ts';

/**
 * What each page's first view loads beyond the entry, as the router (src/app/shell/router.tsx)
 * and the page load it: the page's own module (and the layout around it), what it opens at once,
 * and which messages it waits for (the first part only, or all of them: src/i18n/index.ts).
 */
type PageLoad = { modules: readonly string[]; messages: 'first' | 'all' };

const queryCachePage = (page: string): PageLoad => ({
  modules: ['src/app/query-cache/QueryCacheLayout.tsx', page],
  messages: 'all',
});

/** The app's entry (index.html's script): small, it starts a page's first reads (main.tsx). */
export const ENTRY_MODULE = 'src/main.tsx';
/** What the entry opens next on every page: React and the app's shell. */
export const APP_MODULE = 'src/app/shell/start-app.tsx';
/**
 * What the entry opens itself on a room page, beside the app (room-early-reads.ts): a playing
 * room's track and player, started before React and the app are in. They must not wait for
 * those (first-view-chunks.ts).
 */
export const EARLY_MODULES = [
  'src/features/player/engine/early-track.ts',
  'src/features/player/early-player.ts',
] as const;

export const PAGE_LOADS: Record<AppPage, PageLoad> = {
  home: { modules: ['src/pages/HomePage.tsx'], messages: 'first' },
  // A room page connects at once and its clock samples the server: its player needs the
  // server's clock before anything plays; and a playing room's music is decoded and its player
  // started as the app starts.
  room: {
    modules: [
      'src/pages/RoomPage.tsx',
      'src/lib/realtime/realtime-connection.ts',
      ...EARLY_MODULES,
    ],
    messages: 'all',
  },
  auth: { modules: ['src/pages/AuthPage.tsx'], messages: 'all' },
  createRoom: { modules: ['src/pages/CreateRoomPage.tsx'], messages: 'all' },
  protected: { modules: ['src/pages/ProtectedPage.tsx'], messages: 'all' },
  resetPassword: queryCachePage('src/pages/ResetPasswordPage.tsx'),
  verifyEmail: queryCachePage('src/pages/VerifyEmailPage.tsx'),
  settings: queryCachePage('src/pages/SettingsPage.tsx'),
};

type Chunk = Pick<
  Rollup.OutputChunk,
  'fileName' | 'imports' | 'isEntry' | 'facadeModuleId' | 'moduleIds'
> & {
  viteMetadata?: { importedCss: Set<string> };
};

/** The page preloads of a built bundle; a page module missing from it stops the build. */
export function pagePreloadsOf(chunks: readonly Chunk[], webRoot: string): PagePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('page preloads: the bundle has no entry chunk');
  const fromEntry = staticClosure([entry], byFile);
  const page = ({ modules, messages }: PageLoad): PagePreloads['pages'][AppPage] => {
    const roots = [APP_MODULE, ...modules].map((module) => {
      const id = path.join(webRoot, module);
      // The chunk that holds it: its own, or a shared one (imported statically elsewhere too).
      const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
      if (!chunk) throw new Error(`page preloads: no chunk is built from ${module}`);
      return chunk;
    });
    const needed = staticClosure(roots, byFile).filter((chunk) => !fromEntry.includes(chunk));
    const entryStyles = new Set(fromEntry.flatMap(stylesOf));
    return {
      messages,
      scripts: needed.map((chunk) => `/${chunk.fileName}`),
      styles: [...new Set(needed.flatMap(stylesOf))]
        .filter((file) => !entryStyles.has(file))
        .map((file) => `/${file}`),
    };
  };
  const pages = Object.fromEntries(
    Object.entries(PAGE_LOADS).map(([name, load]) => [name, page(load)]),
  ) as PagePreloads['pages'];
  return { pages, messages: messageParts(chunks) };
}

/** The chunks `roots` need before they run: themselves and their static imports, roots first. */
function staticClosure(roots: readonly Chunk[], byFile: Map<string, Chunk>): Chunk[] {
  const seen = new Set<Chunk>();
  const queue = [...roots];
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const file of next.imports) {
      const imported = byFile.get(file);
      if (imported) queue.push(imported);
    }
  }
  return [...seen];
}

const stylesOf = (chunk: Chunk): string[] => [...(chunk.viteMetadata?.importedCss ?? [])];

function messageParts(chunks: readonly Chunk[]): PagePreloads['messages'] {
  const messages: PagePreloads['messages'] = {};
  for (const chunk of chunks) {
    const part = chunk.facadeModuleId ? localePartOf(chunk.facadeModuleId) : null;
    if (!part) continue;
    messages[part.language] = { ...messages[part.language], [part.part]: `/${chunk.fileName}` };
  }
  return messages;
}

/** Writes the page preloads (domain/src/page-preloads.ts) beside the shell of a production build. */
export function pagePreloadsPlugin(webRoot: string): Plugin {
  return {
    name: 'music-rooms:page-preloads',
    apply: 'build',
    generateBundle: {
      // After Vite's own: it drops the chunks that held only styles, which a page must not name.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (output): output is Rollup.OutputChunk => output.type === 'chunk',
        );
        const preloads = pagePreloadsOf(chunks, webRoot);
        this.emitFile({
          type: 'asset',
          fileName: PAGE_PRELOADS_FILE,
          source: `${JSON.stringify(preloads, null, 1)}\n`,
        });
      },
    },
  };
}
