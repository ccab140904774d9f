import path from 'node:path';
import { APP_MODULE, EARLY_MODULES, ENTRY_MODULE, PAGE_LOADS } from './page-preloads.ts';

/**
 * The app's chunks are cut along what each page's first view loads (PAGE_LOADS), not along
 * every dynamic import. Cut by the bundler alone, a room page opened cold asked for 69 files:
 * the browser opens at most six connections to a host over HTTP/1.1, so they came in rounds,
 * and on a busy 2-core machine the room showed 2.6 s after it was asked for, the scripts alone
 * taking 1.4 s of it. Here what the entry needs is one small chunk ("start": it runs as soon as
 * it is in), what the app it opens needs on every page is one more ("app", React aside), and
 * the modules the same first views need share a chunk named after them ("room", "home-room").
 * A set too small to be worth a request of its own joins "app", when everything it imports is
 * there too (so that every page does not fetch a larger chunk with it). Modules no first view
 * loads (a dialog opened later, the upload client) are cut by the bundler as before.
 *
 * What the entry opens itself before the app (EARLY_MODULES: a playing room's track and player)
 * never waits for "app": a module of theirs that the app or another page needs too goes to
 * "start", and none of theirs joins "app". Imported from "app", the early track waited for it and React to be fetched,
 * compiled and run (seen: its manifest asked for 0.45 s after the entry ran). They may not import
 * React: the build stops where they do, rather than put React in "start".
 */

/** What a chunk's name function is told of the module graph (rolldown's ChunkingContext). */
export type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; code: string | null } | null;
};

/** A set of modules under this many characters of source is not worth a request of its own. */
const OWN_CHUNK_MIN_CHARS = 8000;
const START = 'start';
const APP = 'app';

/** Modules statically reachable from `root`, itself included. */
function staticModules(root: string, graph: ModuleGraph): Set<string> {
  const seen = new Set<string>();
  const queue = [root];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(graph.getModuleInfo(next)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The modules each first view starts from, by name: a page's own module is named after the
 * page, and one it opens at once by its file (the realtime connection is loaded by other pages
 * later, and must not bring the room page's chunk with it).
 */
function firstViewRoots(webRoot: string): Map<string, string> {
  const roots = new Map<string, string>();
  for (const [page, { modules }] of Object.entries(PAGE_LOADS)) {
    for (const module of modules) {
      const own = module.startsWith('src/pages/');
      roots.set(path.join(webRoot, module), own ? page : path.parse(module).name);
    }
  }
  return roots;
}

/** Each module's chunk: "start", "app", or the names of the first views that load it. */
function chunkNames(webRoot: string, graph: ModuleGraph): Map<string, string> {
  const entry = path.join(webRoot, ENTRY_MODULE);
  const started = staticModules(entry, graph);
  const app = staticModules(path.join(webRoot, APP_MODULE), graph);
  const views = new Map<string, string[]>();
  for (const [root, name] of firstViewRoots(webRoot)) {
    for (const id of staticModules(root, graph)) {
      if (started.has(id) || app.has(id)) continue;
      views.set(id, [...new Set([...(views.get(id) ?? []), name])]);
    }
  }
  const early = earlyModules(webRoot, graph);
  const names = new Map<string, string>();
  for (const id of app) names.set(id, early.has(id) ? START : APP);
  for (const id of started) if (id !== entry) names.set(id, START);
  for (const [id, loads] of views) {
    // Shared with another page as well: a chunk of its own would be one more file for each.
    const shared = early.has(id) && loads.some((name) => !ROOM_LOADS.has(name));
    names.set(id, shared ? START : loads.join('-'));
  }
  for (const id of smallToApp(names, graph, early)) names.set(id, APP);
  return names;
}

/** The first views a room page loads (firstViewRoots' names). */
const ROOM_LOADS = new Set([
  'room',
  ...PAGE_LOADS.room.modules.map((module) => path.parse(module).name),
]);

/** The modules the early ones need, themselves included; none may be React. */
function earlyModules(webRoot: string, graph: ModuleGraph): Set<string> {
  const early = new Set(
    EARLY_MODULES.flatMap((module) => [...staticModules(path.join(webRoot, module), graph)]),
  );
  const react = [...early].find((id) => /[\\/]node_modules[\\/](react|react-dom)[\\/]/.test(id));
  if (react) throw new Error(`${EARLY_MODULES.join(', ')} must not import React (${react})`);
  return early;
}

/**
 * The modules of chunks under `OWN_CHUNK_MIN_CHARS` that can join "app": each imports only
 * modules that are there (or in "start") or join it too; the early ones never do.
 */
function smallToApp(
  names: Map<string, string>,
  graph: ModuleGraph,
  early: ReadonlySet<string>,
): Set<string> {
  const sizes = new Map<string, number>();
  for (const [id, name] of names) {
    sizes.set(name, (sizes.get(name) ?? 0) + (graph.getModuleInfo(id)?.code?.length ?? 0));
  }
  const everyPage = (name: string | undefined) =>
    name === undefined || name === START || name === APP;
  const small = (name: string) => !everyPage(name) && sizes.get(name)! < OWN_CHUNK_MIN_CHARS;
  const moving = new Set(
    [...names].filter(([id, name]) => small(name) && !early.has(id)).map(([id]) => id),
  );
  const inApp = (id: string) => everyPage(names.get(id)) || moving.has(id);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of moving) {
      if ((graph.getModuleInfo(id)?.importedIds ?? []).every(inApp)) continue;
      moving.delete(id);
      changed = true;
    }
  }
  return moving;
}

/**
 * The name function of a chunk group (rolldown's `codeSplitting.groups[].name`): the chunk a
 * module of a first view goes to, null for one no first view loads. The entry module itself
 * stays the entry chunk. Worked out once, on the first module asked about.
 */
export function firstViewChunkName(webRoot: string) {
  let names: Map<string, string> | null = null;
  return (id: string, graph: ModuleGraph): string | null => {
    names ??= chunkNames(webRoot, graph);
    return names.get(id) ?? null;
  };
}
