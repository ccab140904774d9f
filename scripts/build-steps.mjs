// Building the app: the web bundle (Vite) and the server bundle (esbuild), stamped with a
// build id that is a hash of every source file, so a build is redone exactly when sources change.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SOURCES = [
  'package-lock.json',
  'domain/src',
  'server/src',
  'server/drizzle',
  'web/src',
  'web/public',
  'web/vite',
  'web/index.html',
  'web/vite.config.ts',
];

const STAMP = path.join(root, 'server/dist/build-id');

// The tests beside the code, and what only they import, are not shipped: changing one is no
// new build (open tabs would be offered the same app again).
const TEST_CODE = /\.test(-support)?\.tsx?$/;

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isFile()) {
    if (!TEST_CODE.test(entry)) yield entry;
    return;
  }
  for (const child of fs.readdirSync(full).sort()) yield* files(path.join(entry, child));
}

/** A short hash of every source file's path and content. */
export function sourceBuildId() {
  const hash = createHash('sha256');
  for (const entry of SOURCES) {
    for (const file of files(entry)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(root, file)));
    }
  }
  return hash.digest('hex').slice(0, 12);
}

export function builtId() {
  const webLatest = path.join(root, 'web/dist/builds/latest.json');
  if (!fs.existsSync(STAMP) || !fs.existsSync(webLatest)) return null;
  return fs.readFileSync(STAMP, 'utf8').trim();
}

export async function buildWeb(buildId) {
  const { build } = await import('vite');
  process.env.BUILD_ID = buildId;
  await build({
    root: path.join(root, 'web'),
    configFile: path.join(root, 'web/vite.config.ts'),
    logLevel: 'warn',
  });
}

/** Bundles the server's entry points; outside packages stay imports, our workspaces are inlined. */
export async function buildServer(buildId) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'server/src/main.ts', admin: 'server/src/cli/admin.ts' },
    outdir: 'server/dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackagesExceptWorkspaces],
  });
  // The embedded database's thread and the tag reader's are started from files of their own,
  // beside the bundle.
  for (const worker of ['db/pglite-worker.mjs', 'media/tags-worker.mjs']) {
    fs.copyFileSync(
      path.join(root, 'server/src', worker),
      path.join(root, 'server/dist', path.basename(worker)),
    );
  }
  fs.writeFileSync(STAMP, `${buildId}\n`);
}

const externalPackagesExceptWorkspaces = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@music-rooms/') ? undefined : { path: args.path, external: true },
    );
  },
};
