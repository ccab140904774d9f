import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstViewChunkName, type ModuleGraph } from './first-view-chunks.ts';
import { APP_MODULE, EARLY_MODULES, ENTRY_MODULE } from './page-preloads.ts';

const ROOT = '/app/web';
const LARGE = 20_000;
const SMALL = 100;
const at = (module: string) => path.join(ROOT, module);

/** A module graph from `module: [size, imports]`. */
function graphOf(modules: Record<string, [number, string[]]>): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = Object.entries(modules).find(([name]) => at(name) === id)?.[1];
      return module ? { code: 'x'.repeat(module[0]), importedIds: module[1].map(at) } : null;
    },
  };
}

const ROOM = 'src/pages/RoomPage.tsx';
const HOME = 'src/pages/HomePage.tsx';
const AUTH = 'src/pages/AuthPage.tsx';
const CONNECTION = 'src/lib/realtime/realtime-connection.ts';
const [EARLY_TRACK, EARLY_PLAYER] = EARLY_MODULES;

const graph = graphOf({
  [ENTRY_MODULE]: [SMALL, ['src/early.ts']],
  'src/early.ts': [SMALL, []],
  [APP_MODULE]: [LARGE, ['src/early.ts', 'src/router.ts', 'src/media-url.ts']],
  // The app needs the track's address too; the early track must not wait for the app for it.
  'src/media-url.ts': [SMALL, []],
  [EARLY_TRACK]: [SMALL, ['src/media-url.ts', 'src/decode.ts']],
  'src/decode.ts': [SMALL, []],
  [EARLY_PLAYER]: [LARGE, [EARLY_TRACK]],
  'src/router.ts': [SMALL, []],
  [ROOM]: [
    LARGE,
    ['src/player.ts', 'src/list.ts', 'src/icon.ts', 'src/badge.ts', EARLY_PLAYER, EARLY_TRACK],
  ],
  [HOME]: [LARGE, ['src/list.ts']],
  [AUTH]: [LARGE, ['src/icon.ts']],
  'src/player.ts': [LARGE, ['src/router.ts']],
  'src/list.ts': [LARGE, []],
  'src/icon.ts': [SMALL, []],
  // Small, but it needs the room's own chunk: it stays with it.
  'src/badge.ts': [SMALL, ['src/player.ts']],
  [CONNECTION]: [LARGE, ['src/socket.ts']],
  'src/socket.ts': [LARGE, []],
  'src/later-dialog.ts': [LARGE, ['src/list.ts']],
});

describe('first view chunks', () => {
  const nameOf = (module: string) => firstViewChunkName(ROOT)(at(module), graph);

  it('puts what the entry needs in "start" and what the app needs in "app"', () => {
    expect(nameOf('src/early.ts')).toBe('start');
    expect(nameOf(APP_MODULE)).toBe('app');
    expect(nameOf('src/router.ts')).toBe('app');
    // The entry stays the entry chunk.
    expect(nameOf(ENTRY_MODULE)).toBeNull();
  });

  it('names a chunk after the first views that load its modules', () => {
    expect(nameOf(ROOM)).toBe('room');
    expect(nameOf('src/player.ts')).toBe('room');
    expect(nameOf('src/list.ts')).toBe('home-room');
  });

  it('keeps what a page opens at once, loaded by other pages later, out of the page’s chunk', () => {
    expect(nameOf(CONNECTION)).toBe('realtime-connection');
    expect(nameOf('src/socket.ts')).toBe('realtime-connection');
  });

  it('moves a small chunk into "app" only when everything it imports is there', () => {
    expect(nameOf('src/icon.ts')).toBe('app');
    expect(nameOf('src/badge.ts')).toBe('room');
  });

  it('keeps what the entry opens early out of "app": what the app needs of it goes to "start"', () => {
    expect(nameOf('src/media-url.ts')).toBe('start');
    // Small, and all it imports in "start", yet not in "app", which waits for React.
    expect(nameOf(EARLY_TRACK!)).toBe('room-early-track-early-player');
    expect(nameOf('src/decode.ts')).toBe('room-early-track-early-player');
  });

  it('stops the build where an early module imports React', () => {
    const withReact = graphOf({
      [ENTRY_MODULE]: [SMALL, []],
      [APP_MODULE]: [LARGE, []],
      [EARLY_PLAYER!]: [SMALL, ['node_modules/react/index.js']],
      'node_modules/react/index.js': [LARGE, []],
    });
    expect(() => firstViewChunkName(ROOT)(at(EARLY_PLAYER!), withReact)).toThrow(/React/);
  });

  it('leaves what no first view loads to the bundler', () => {
    expect(nameOf('src/later-dialog.ts')).toBeNull();
  });
});
