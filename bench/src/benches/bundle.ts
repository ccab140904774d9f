import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { appRoot } from '../lib/paths';
import type { Bench } from '../lib/types';

const dist = path.join(appRoot, 'web/dist');

/** Scripts and styles the home page loads up front: its entry plus what it preloads. */
function homeAssets(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set(refs)];
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

export const bundleBench: Bench = {
  name: 'bundle',
  description: 'what the home route downloads before it renders (gzip)',
  run: async () => {
    const assets = homeAssets();
    const js = assets.filter((a) => a.endsWith('.js'));
    const css = assets.filter((a) => a.endsWith('.css'));
    const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(file), 0);
    const allJs = fs
      .readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => `/assets/${f}`);
    return {
      homeJsGzipKiB: kib(sum(js)),
      homeCssGzipKiB: kib(sum(css)),
      homeFiles: assets.length,
      allJsGzipKiB: kib(sum(allJs)),
    };
  },
};
