import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { FUNCTION_ENDPOINTS } from '@music-rooms/domain/functions';
import type { PlaylistSummary } from '@music-rooms/domain/tracks';
import { startAppServer, type AppServer } from '../../../e2e/src/app-server';
import { launchBrowser } from '../../../e2e/src/harness';
import {
  createRoomAs,
  registerMember,
  signInContext,
  type Member,
} from '../../../e2e/tests/support/rooms';
import { percentile, round } from '../lib/stats';
import type { Bench } from '../lib/types';

const TRACKS = 10_000;
const RUNS = 5;
const ROOM_URL = 'bench-track-list';

/** The room's default playlist, made on first read. */
async function defaultPlaylist(server: AppServer, owner: Member, roomId: string) {
  const response = await fetch(server.url + FUNCTION_ENDPOINTS.query, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie },
    body: JSON.stringify({ path: 'playlists.list', args: { roomId } }),
  });
  const body = (await response.json()) as { value: PlaylistSummary[] };
  return body.value[0]!._id;
}

/** Ten thousand ready tracks in one statement (with their playlist entries), straight into the server's database. */
async function seed(server: AppServer, owner: Member) {
  const room = await createRoomAs(server, owner, { name: 'Bench tracks', room_url: ROOM_URL });
  const playlistId = await defaultPlaylist(server, owner, room._id);
  await server.app.database.db.execute(sql`
    with made as (
      insert into tracks (room_id, title, artist, album, duration_ms, size_bytes, status,
        uploaded_by, uploaded_at)
      select ${room._id}, 'Track ' || i, 'Artist ' || (i % 300), 'Album ' || (i % 800),
        120000 + (i * 7919) % 240000, 2000000 + (i * 104729) % 8000000,
        'ready', ${owner.id}, now() - i * interval '1 minute'
      from generate_series(1, ${TRACKS}) i
      returning id, title
    )
    insert into playlist_entries (playlist_id, track_id, position, added_by)
    select ${playlistId}, id, substr(title, 7)::int, ${owner.id} from made`);
}

/**
 * Opens the room and answers how long the list took to show its first row after the track
 * list arrived (parsing and rendering: the page's own work), and after the
 * navigation began.
 */
async function firstRender(browser: Browser, server: AppServer, owner: Member) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, server, owner);
  const page: Page = await context.newPage();
  // In the page: when the track list arrived (its first value comes over HTTP, later ones over
  // the socket), and when the first row showed.
  await page.addInitScript(() => {
    // No named function declarations in here: the bench runner would wrap them in a helper the
    // page does not have.
    const marks = window as unknown as {
      dataAt?: number;
      firstRowAt?: number;
      markIfBig: (text: string) => void;
      nativeFetch: typeof fetch;
    };
    marks.markIfBig = (text) => {
      if (text.length > 100_000 && marks.dataAt === undefined) marks.dataAt = performance.now();
    };
    marks.nativeFetch = window.fetch.bind(window);
    // The first value comes over HTTP: counted from when its answer starts to arrive, so the
    // figure includes reading the body, parsing and rendering (an upper bound of the page's work).
    window.fetch = async (input, init) => {
      const response = await marks.nativeFetch(input, init);
      const body = typeof init?.body === 'string' ? init.body : '';
      if (body.includes('"tracks.list"') && marks.dataAt === undefined) {
        marks.dataAt = performance.now();
      }
      return response;
    };
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        // Registered before the client's own handler, so it runs first.
        this.addEventListener('message', (event: MessageEvent) => {
          if (typeof event.data === 'string') marks.markIfBig(event.data);
        });
      }
    };
    new MutationObserver((_changes, observer) => {
      if (!document.querySelector('.track-row')) return;
      marks.firstRowAt = performance.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  const started = Date.now();
  await page.goto(`${server.url}/room/${ROOM_URL}`);
  await page.locator('.track-row').first().waitFor({ timeout: 60_000 });
  const marks = await page.evaluate(() => {
    const { dataAt = NaN, firstRowAt = NaN } = window as unknown as {
      dataAt?: number;
      firstRowAt?: number;
    };
    return { afterDataMs: firstRowAt - dataAt, firstRowAt, origin: performance.timeOrigin };
  });
  const rows = await page.locator('.track-row').count();
  await context.close();
  return {
    afterDataMs: marks.afterDataMs,
    afterNavigationMs: marks.origin + marks.firstRowAt - started,
    rows,
  };
}

export const trackListBench: Bench = {
  name: 'track-list',
  description: `first render of a ${TRACKS}-track room's list in Chromium (target ≤ 300 ms)`,
  run: async () => {
    const server = await startAppServer();
    const browser = await launchBrowser();
    try {
      const owner = await registerMember(server, 'Bench Listener');
      await seed(server, owner);
      await firstRender(browser, server, owner); // warm-up: caches, JIT, the server's first query
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await firstRender(browser, server, owner));
      const afterData = runs.map((r) => r.afterDataMs);
      const afterNavigation = runs.map((r) => r.afterNavigationMs);
      return {
        tracks: TRACKS,
        rowsInPage: runs[0]!.rows,
        'firstRenderAfterData.p50Ms': round(percentile(afterData, 50)),
        'firstRenderAfterData.maxMs': round(Math.max(...afterData)),
        'firstRowAfterNavigation.p50Ms': round(percentile(afterNavigation, 50)),
        'firstRowAfterNavigation.maxMs': round(Math.max(...afterNavigation)),
      };
    } finally {
      await browser.close();
      await server.close();
    }
  },
};
