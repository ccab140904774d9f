import { test as base } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { RoomTimings } from '../../server/src/config';
import { registerMember, signInContext, type Member } from '../tests/support/rooms';
import { launchBrowser, startPublicServer, startServer, type ChromiumBuild } from './harness';

export { describe, expect } from 'vitest';

/**
 * How a file's server is started. A file changes it once, at its top level, in a test of its own:
 * `const test = base.extend('serverOptions', { scope: 'file' }, {...})`, or with a function of
 * its other fixtures (a mail catcher's address...). The shared `test` stays as it is.
 */
export type ServerOptions = {
  /** Settings, as environment variables, on top of the harness's (silent, in-memory). */
  env?: Record<string, string>;
  /** Room timings no setting changes (how long a password pass lasts...). */
  rooms?: Partial<RoomTimings>;
  /** Listen where PUBLIC_URL says, so mailed links and provider callbacks lead back here. */
  publicUrl?: boolean;
};

/**
 * What most journeys browse with: an English interface on a laptop-sized window, asking for
 * reduced motion (the app honours it): nothing waits on a transition, and Chromium, which
 * spends most of a journey's CPU, paints no frames for one (a tenth less CPU per journey).
 */
export const CONTEXT_OPTIONS: BrowserContextOptions = {
  locale: 'en-US',
  reducedMotion: 'reduce',
  viewport: { width: 1280, height: 800 },
};

/** An action's own limit (a click, a file chosen): twice Playwright's 30 s, for a loaded machine. */
const ACTION_TIMEOUT_MS = 60_000;

/** A new browser context whose actions wait `ACTION_TIMEOUT_MS`. */
async function newContext(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  return context;
}

/** A browser of its own (cookies, storage) with one page open; see `newBrowserPage`. */
export type BrowserPage = { context: BrowserContext; page: Page };

type Closable = { close: () => Promise<void> };
type Cleanup = { onCleanup: (cleanup: () => Promise<void>) => void };

/**
 * A file-scoped fixture body for something started once per file and closed after its last
 * test: the browser, a mail catcher, fake sign-in providers.
 */
export function startedPerFile<T extends Closable>(start: () => Promise<T>) {
  // Vitest reads a fixture's dependencies from its first parameter's pattern: these have none.
  // eslint-disable-next-line no-empty-pattern
  return async ({}, { onCleanup }: Cleanup): Promise<T> => {
    const started = await start();
    onCleanup(() => started.close());
    return started;
  };
}

/**
 * The browser journeys' test: one server and one Chromium per file, a fresh browser context and
 * page per test, so tests share neither cookies nor storage but do share the data on the server.
 */
export const test = base
  .extend('serverOptions', { scope: 'file' }, {} as ServerOptions)
  .extend('server', { scope: 'file' }, async ({ serverOptions }, { onCleanup }) => {
    const { env = {}, rooms = {}, publicUrl = false } = serverOptions;
    const server = await (publicUrl ? startPublicServer(env, rooms) : startServer(env, rooms));
    onCleanup(() => server.close());
    return server;
  })
  // The lighter headless shell unless the file asks for full Chromium (notifications...).
  .extend('chromiumBuild', { scope: 'file' }, 'headless-shell' as ChromiumBuild)
  .extend('browser', { scope: 'file' }, async ({ chromiumBuild }, { onCleanup }) => {
    const browser = await launchBrowser(chromiumBuild);
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('contextOptions', CONTEXT_OPTIONS)
  .extend('context', async ({ browser, contextOptions }, { onCleanup }) => {
    const context = await newContext(browser, contextOptions);
    onCleanup(() => context.close());
    return context;
  })
  .extend('page', ({ context }) => context.newPage())
  .extend('newBrowserPage', ({ browser, contextOptions }, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(contexts.map((context) => context.close()));
    });
    return async (): Promise<BrowserPage> => {
      const context = await newContext(browser, contextOptions);
      contexts.push(context);
      return { context, page: await context.newPage() };
    };
  })
  // Set up over HTTP, as a second browser would: the test is about what the member does next.
  .extend('member', ({ server }): Promise<Member> => registerMember(server, 'Ada Lovelace'))
  .extend('signedInPage', async ({ context, page, server, member }) => {
    await signInContext(context, server, member);
    return page;
  })
  .extend('open', ({ page, server }) => {
    const open = (path: string) => page.goto(server.url + path);
    return open;
  });
