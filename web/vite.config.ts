import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildInfoPlugin, readBuildId } from './vite/build-info.ts';
import { compressedAssetsPlugin } from './vite/compressed-assets.ts';
import { firstViewChunkName } from './vite/first-view-chunks.ts';
import { webAliases } from './vite/aliases.ts';
import { localePartsPlugin } from './vite/locale-parts.ts';
import { pagePreloadsPlugin } from './vite/page-preloads.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The app server that `npm run dev` starts next to Vite. */
const appServer = 'http://127.0.0.1:3000';

export default defineConfig(() => {
  const buildId = readBuildId(process.env.BUILD_ID);
  // latest.json and the bundle carry the same time, so a tab can tell a newer build from an older.
  const builtAt = Date.now();
  const buildInfo = { id: buildId, timestamp: builtAt, outDir: path.join(root, 'dist') };
  return {
    root,
    plugins: [
      react(),
      localePartsPlugin(),
      pagePreloadsPlugin(root),
      buildInfoPlugin(buildInfo),
      compressedAssetsPlugin(),
    ],
    define: { __BUILD_ID__: JSON.stringify(buildId), __BUILD_TIMESTAMP__: String(builtAt) },
    resolve: { alias: webAliases },
    build: {
      outDir: 'dist',
      // Every browser the app supports preloads modules itself.
      modulePreload: { polyfill: false },
      emptyOutDir: true,
      // Source maps would publish the app's sources next to its scripts: only when asked.
      sourcemap: process.env.WEB_SOURCE_MAPS === 'true',
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // Libraries change less often than the app: their chunk stays cached across releases.
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              // A page's first view comes in a few requests (vite/first-view-chunks.ts). Each
              // module's chunk is chosen from the whole graph, so no group pulls in another's.
              {
                name: firstViewChunkName(root),
                debugName: 'first views',
                priority: 1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    server: {
      proxy: {
        '/api': appServer,
        '/builds': appServer,
        '/socket.io': { target: appServer, ws: true },
      },
    },
  };
});
