import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, startServer } from '../../../e2e/src/harness';
import { assetsBeforeRoomCard, gzipSize } from '../../../e2e/tests/support/home-assets';
import { createRoomAs, registerMember } from '../../../e2e/tests/support/rooms';
import { appRoot } from '../lib/paths';
import type { Bench } from '../lib/types';

const dist = path.join(appRoot, 'web/dist');
const ROOM_NAME = 'Bench listening room';

/**
 * Scripts and styles a visitor's browser requests for `/` until the room list shows a card:
 * the entry and what it preloads, and the lazy home page with its chunks. The page runs in
 * headless Chromium against the real server, so nothing loaded on the way is missed; what it
 * loads once the card is on screen (the realtime connection) is not counted.
 */
async function homeAssets(): Promise<string[]> {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const owner = await registerMember(server, 'Bench Owner');
    await createRoomAs(server, owner, { name: ROOM_NAME, room_url: 'bench-listening-room' });
    const page = await browser.newPage();
    return await assetsBeforeRoomCard(page, `${server.url}/`, ROOM_NAME);
  } finally {
    await browser.close();
    await server.close();
  }
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));

export const bundleBench: Bench = {
  name: 'bundle',
  description: 'what the home route downloads until its room list renders (gzip)',
  run: async () => {
    const assets = await homeAssets();
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
