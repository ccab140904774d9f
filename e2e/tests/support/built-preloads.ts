import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PagePreloads } from '@music-rooms/domain/page-preloads';

/** The production build the server under test serves. */
export const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** What each page's first view loads, as the build wrote it (web/vite/page-preloads.ts). */
export const builtPreloads = (): PagePreloads =>
  JSON.parse(fs.readFileSync(path.join(dist, 'page-preloads.json'), 'utf8')) as PagePreloads;
