import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PagePreloads } from '@music-rooms/domain/page-preloads';
import { launchBrowser, startServer, type E2EServer } from '../../../e2e/src/harness';
import {
  createRoomAs,
  registerMember,
  signInContext,
  type Member,
} from '../../../e2e/tests/support/rooms';
import { checkDelayProxy, startDelayProxy, type DelayProxy } from '../lib/delay-proxy';
import { appRoot } from '../lib/paths';
import { spreadOf } from '../lib/sync-repeats';
import type { Bench } from '../lib/types';

/**
 * How soon a room page opened cold (a new browser context: nothing cached, nothing compiled)
 * shows the room and connects, the connection its player needs before anything plays.
 */

const RUNS = Number(process.env.BENCH_ROOM_LOAD_RUNS ?? 5);
const ROOM_NAME = 'Bench load room';
/** A listener far from the server: each way held this long, as `player-sync`'s proxy run. */
const FAR = { delayMs: 40, jitterMs: 10 };
const SHOWN_MARK = 'room-heading-shown';

/** Where the page is opened from, and which shell it gets. */
type Variant = { name: string; far: boolean; plainShell: boolean };
const VARIANTS: Variant[] = [
  { name: 'near', far: false, plainShell: false },
  { name: 'nearPlainShell', far: false, plainShell: true },
  { name: 'far', far: true, plainShell: false },
  { name: 'farPlainShell', far: true, plainShell: true },
];

const seconds = (ms: number) => Math.round(ms) / 1000;

/** Seconds from the page being asked for (its navigation's start). */
type Load = { documentS: number; shownS: number; connectedS: number; files: number };

/**
 * The files the server names for the page in the shell it sends (server/src/routes/page-shell.ts):
 * the plain shell is the shell without them, as every page was sent before.
 */
function pageFiles(): Set<string> {
  const file = path.join(appRoot, 'web/dist/page-preloads.json');
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreloads;
  const messages = Object.values(preloads.messages).flatMap((parts) => Object.values(parts));
  const room = preloads.pages.room;
  return new Set([...room.scripts, ...room.styles, ...messages]);
}

/** The page gets its shell without the links to `files`. */
async function withPlainShell(page: Page, url: string, files: Set<string>): Promise<void> {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /\n *<link [^>]*href="([^"]+)"[^>]*>/g,
      (link, href: string) => (files.has(href) ? '' : link),
    );
    await route.fulfill({ response, body: html });
  });
}

async function openCold(
  browser: Browser,
  server: E2EServer,
  origin: string,
  member: Member,
  variant: Variant,
  files: Set<string>,
): Promise<Load> {
  const context = await browser.newContext({ locale: 'en-US' });
  try {
    // Cookies do not tell ports apart: the proxy's origin is signed in too.
    await signInContext(context, server, member);
    await context.addInitScript(
      ({ name, mark }) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('h1')?.textContent?.includes(name)) {
            performance.mark(mark);
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      },
      { name: ROOM_NAME, mark: SHOWN_MARK },
    );
    const page = await context.newPage();
    const url = `${origin}/room/bench-load-room`;
    if (variant.plainShell) await withPlainShell(page, url, files);
    await page.goto(url);
    await page.waitForFunction(
      (mark) =>
        performance.getEntriesByName(mark).length > 0 &&
        performance
          .getEntriesByType('resource')
          .some((entry) => entry.name.includes('/socket.io/')),
      SHOWN_MARK,
      { timeout: 60_000 },
    );
    return await page
      .evaluate((mark) => {
        const navigation = performance.getEntriesByType(
          'navigation',
        )[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const socket = resources.find((entry) => entry.name.includes('/socket.io/'))!;
        // (No function is declared in here: the bench's compiler would wrap it in a helper the page
        // does not have.)
        return {
          documentMs: navigation.domContentLoadedEventEnd,
          shownMs: performance.getEntriesByName(mark)[0]!.startTime,
          connectedMs: socket.responseEnd,
          files: resources.filter((entry) => entry.name.includes('/assets/')).length,
        };
      }, SHOWN_MARK)
      .then(({ documentMs, shownMs, connectedMs, files }) => ({
        documentS: seconds(documentMs),
        shownS: seconds(shownMs),
        connectedS: seconds(connectedMs),
        files,
      }));
  } finally {
    await context.close();
  }
}

export const roomLoadBench: Bench = {
  name: 'room-load',
  description:
    'a room page opened cold, near the server and through a 40 ± 10 ms line, with and without the page preloads',
  run: async () => {
    await checkDelayProxy();
    const server = await startServer();
    const browser = await launchBrowser();
    const port = Number(new URL(server.url).port);
    const proxy: DelayProxy = await startDelayProxy({ target: port, ...FAR });
    try {
      const owner = await registerMember(server, 'Bench Owner');
      await createRoomAs(server, owner, { name: ROOM_NAME, room_url: 'bench-load-room' });
      const files = pageFiles();
      const origins = { near: server.url, far: `http://127.0.0.1:${proxy.port}` };
      const loads = new Map<string, Load[]>(VARIANTS.map((variant) => [variant.name, []]));
      // The variants take turns, so a slow stretch of a shared machine falls on each alike.
      for (let run = 0; run < RUNS; run++) {
        for (const variant of VARIANTS) {
          const origin = variant.far ? origins.far : origins.near;
          const load = await openCold(browser, server, origin, owner, variant, files);
          loads.get(variant.name)!.push(load);
        }
      }
      const figures: Record<string, number | string> = {
        runs: RUNS,
        loadavg: os.loadavg().join(' '),
      };
      for (const [name, runs] of loads) {
        for (const figure of ['documentS', 'shownS', 'connectedS', 'files'] as const) {
          const values = runs.map((load) => load[figure]);
          const key = `${name}${figure[0]!.toUpperCase()}${figure.slice(1)}`;
          figures[key] = values.join(' | ');
          if (figure !== 'files') figures[`${key}Spread`] = spreadOf(values);
        }
      }
      return figures;
    } finally {
      await proxy.close();
      await browser.close();
      await server.close();
    }
  },
};
