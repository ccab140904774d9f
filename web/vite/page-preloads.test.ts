import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_MODULE, PAGE_LOADS, pagePreloadsOf } from './page-preloads.ts';

const ROOT = '/app/web';
const LOCALE_ID = '\0music-rooms-locale:/app/web/src/i18n/locales';

type FakeChunk = Parameters<typeof pagePreloadsOf>[0][number];

function chunk(fileName: string, imports: string[], options: Partial<FakeChunk> = {}, css = []) {
  return {
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    viteMetadata: { importedCss: new Set<string>(css) },
    ...options,
  } as FakeChunk;
}

const page = (module: string) => ({
  facadeModuleId: path.join(ROOT, module),
  moduleIds: [path.join(ROOT, module)],
});

/** Every page of PAGE_LOADS built as one chunk of its own, importing nothing. */
const everyPage = Object.values(PAGE_LOADS).flatMap(({ modules }) =>
  modules.map((module) => chunk(`assets/${path.basename(module)}.js`, [], page(module))),
);

describe('page preloads', () => {
  const chunks = [
    chunk('assets/index.js', ['assets/shared.js'], { isEntry: true }, [
      'assets/index.css',
    ] as never),
    // What the entry opens next, on every page.
    chunk('assets/app.js', ['assets/react.js', 'assets/shared.js'], page(APP_MODULE)),
    chunk('assets/react.js', []),
    chunk('assets/shared.js', []),
    ...everyPage.filter(
      ({ fileName }) =>
        fileName !== 'assets/RoomPage.tsx.js' && fileName !== 'assets/early-track.ts.js',
    ),
    // Imported both statically (by the player) and dynamically: built into a shared chunk.
    chunk('assets/segments.js', ['assets/shared.js'], {
      moduleIds: [
        path.join(ROOT, 'src/features/player/engine/segment-fetch.ts'),
        path.join(ROOT, 'src/features/player/engine/early-track.ts'),
      ],
    }),
    chunk(
      'assets/RoomPage.js',
      ['assets/react.js', 'assets/list.js', 'assets/icon.js'],
      page('src/pages/RoomPage.tsx'),
      ['assets/RoomPage.css', 'assets/index.css'] as never,
    ),
    chunk('assets/list.js', ['assets/icon.js', 'assets/shared.js'], {}, [
      'assets/list.css',
    ] as never),
    chunk('assets/icon.js', []),
    chunk('assets/en-first.js', [], { facadeModuleId: `${LOCALE_ID}/en.first` }),
    chunk('assets/en-rest.js', [], { facadeModuleId: `${LOCALE_ID}/en.rest` }),
    chunk('assets/ru-first.js', [], { facadeModuleId: `${LOCALE_ID}/ru.first` }),
  ];

  it('names the app’s chunk, a page’s and what they import, leaving out what the entry loads', () => {
    const { pages } = pagePreloadsOf(chunks, ROOT);
    expect(pages.room).toEqual({
      messages: 'all',
      scripts: [
        '/assets/app.js',
        '/assets/RoomPage.js',
        '/assets/realtime-connection.ts.js',
        '/assets/segments.js',
        '/assets/early-player.ts.js',
        '/assets/react.js',
        '/assets/list.js',
        '/assets/icon.js',
      ],
      styles: ['/assets/RoomPage.css', '/assets/list.css'],
    });
    expect(pages.home).toEqual({
      messages: 'first',
      scripts: ['/assets/app.js', '/assets/HomePage.tsx.js', '/assets/react.js'],
      styles: [],
    });
  });

  it('finds each language’s parts of the messages', () => {
    expect(pagePreloadsOf(chunks, ROOT).messages).toEqual({
      en: { first: '/assets/en-first.js', rest: '/assets/en-rest.js' },
      ru: { first: '/assets/ru-first.js' },
    });
  });

  it('stops the build when a page’s module was not built (a page renamed or moved)', () => {
    const without = chunks.filter(({ fileName }) => fileName !== 'assets/RoomPage.js');
    expect(() => pagePreloadsOf(without, ROOT)).toThrow(
      'page preloads: no chunk is built from src/pages/RoomPage.tsx',
    );
  });
});
