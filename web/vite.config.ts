import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildInfoPlugin, readBuildId } from './vite/build-info.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** The app server that `npm run dev` starts next to Vite. */
const appServer = 'http://127.0.0.1:3000';

export default defineConfig(() => {
  const buildId = readBuildId(process.env.BUILD_ID);
  return {
    root,
    plugins: [react(), buildInfoPlugin({ id: buildId, outDir: path.join(root, 'dist') })],
    define: { __BUILD_ID__: JSON.stringify(buildId) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: their chunks stay cached across releases.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
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
