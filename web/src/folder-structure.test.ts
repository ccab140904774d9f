import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionFiles } from './source-files.test-support';

/**
 * The folder rules of web/src (README "Where things live"): app/ is the infrastructure the
 * features use, so only app/shell, which wires the pages together, may reach into features/
 * or pages/; and no two folders import each other, directly or round a loop. Lazy imports
 * and type imports count too: a loop through them is still a loop for the reader. The tests
 * beside the code, and their support files, are not part of the app: what they import is left
 * out (a component test may render a feature with the app's providers).
 */
const src = fileURLToPath(new URL('.', import.meta.url));

/** The folder a file belongs to: app/<part>, features/<name> or features/rooms/<part>, ui... */
function folderOf(file: string): string {
  const parts = path.relative(src, file).split(path.sep);
  if (parts.length === 1) return parts[0]!.replace(/\.tsx?$/, '');
  if (parts[0] === 'features' && parts[1] === 'rooms' && parts.length > 3) {
    return parts.slice(0, 3).join('/');
  }
  if (parts[0] === 'app' || parts[0] === 'features' || parts[0] === 'lib') {
    return parts.length > 2 ? parts.slice(0, 2).join('/') : parts[0]!;
  }
  return parts[0]!;
}

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

const IMPORT = /(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Folder → the folders it imports, with one file import that shows each edge. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of productionFiles(src)) {
    const from = folderOf(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, specifier!);
      if (!target || folderOf(target) === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      edges.set(folderOf(target), `${path.relative(src, file)} → ${specifier}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** Every loop of folders, each as the path that closes it (a → b → a). */
function folderLoops(graph: Map<string, Map<string, string>>): string[] {
  const loops: string[] = [];
  const done = new Set<string>();
  const visit = (folder: string, trail: string[]) => {
    if (trail.includes(folder)) {
      loops.push([...trail.slice(trail.indexOf(folder)), folder].join(' → '));
      return;
    }
    if (done.has(folder)) return;
    for (const next of graph.get(folder)?.keys() ?? []) visit(next, [...trail, folder]);
    done.add(folder);
  };
  for (const folder of graph.keys()) visit(folder, []);
  return loops;
}

describe('web/src folders', () => {
  const graph = folderGraph();

  it('import each other without loops (app/*, features/*, features/rooms/*)', () => {
    expect(folderLoops(graph)).toEqual([]);
  });

  it('keep app/ free of features and pages, apart from app/shell which wires them', () => {
    const reaching = [...graph].flatMap(([from, edges]) =>
      from.startsWith('app/') && from !== 'app/shell'
        ? [...edges]
            .filter(([to]) => to.startsWith('features') || to === 'pages')
            .map(([, example]) => example)
        : [],
    );
    expect(reaching).toEqual([]);
  });
});
