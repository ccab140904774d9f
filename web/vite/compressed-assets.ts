import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What the browser fetches as text (images other than SVG and fonts are compressed already). */
const TEXT_FILE = /\.(js|css|svg|json|map)$/;

/**
 * Writes each script and style of a production build compressed beside it (`x.js.br`,
 * `x.js.gz`), at the highest settings, once: the server sends those as they are
 * (`preCompressed` in server/src/routes/web-app.ts) instead of compressing every file on every
 * request, which cost it about as much again as sending the file, on the CPU the page
 * that asked for it shares.
 */
export function compressedAssetsPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'music-rooms:compressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (file) => file.startsWith('assets/') && TEXT_FILE.test(file),
      );
      await Promise.all(files.map((file) => writeCompressed(path.join(outDir, file))));
    },
  };
}

async function writeCompressed(file: string): Promise<void> {
  const bytes = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
}
