import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { launchBrowser, startServer, type E2EServer } from '../src/harness';
import {
  createRoomAs,
  registerMember,
  roomCard,
  signInContext,
  type Member,
} from './support/rooms';

const HOME_HEADING = 'One playlist. One player. Everyone in sync.';
/** Room names either side of the header's 17-character limit. */
const TITLE_OF_17 = 'Quiet corner jazz';
const TITLE_OF_18 = 'Quiet corner jazzy';

// More of the app shell as a visitor meets it: DEV badge, header title, leave warning, the 500
// page and the phone layout.
describe('app shell, more', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let owner: Member;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    owner = await registerMember(server, 'Olga Owner');
    await createRoomAs(server, owner, { name: TITLE_OF_17, room_url: 'quiet-corner-jazz' });
    await createRoomAs(server, owner, { name: TITLE_OF_18, room_url: 'quiet-corner-jazzy' });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const devBadge = () => page.getByRole('banner').getByText('DEV', { exact: true });
  const headerTitle = (title: string) => page.getByRole('banner').getByText(title, { exact: true });
  const fontSize = async (title: string) => {
    await headerTitle(title).waitFor();
    return headerTitle(title).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  };

  /** Opens the home page and waits until the public config (dev mode) has arrived. */
  const openHome = async (url: string) => {
    const config = page.waitForResponse((res) => res.url().endsWith('/api/config'));
    await page.goto(url + '/');
    await config;
    await heading(HOME_HEADING).waitFor();
  };

  it('shows the DEV badge when the server runs with PUBLIC_DEV_MODE=true, and not otherwise', async () => {
    const devServer = await startServer({ PUBLIC_DEV_MODE: 'true' });
    try {
      await openHome(devServer.url);
      await devBadge().waitFor();
      expect(await devBadge().isVisible()).toBe(true);
    } finally {
      await devServer.close();
    }

    await openHome(server.url);
    await page.getByRole('tab', { name: 'All rooms' }).waitFor();
    expect(await devBadge().count()).toBe(0);
  });

  it('shrinks the header title when it is longer than 17 characters', async () => {
    await page.goto(server.url + '/room/quiet-corner-jazz');
    const at17 = await fontSize(TITLE_OF_17);
    await page.goto(server.url + '/room/quiet-corner-jazzy');
    const at18 = await fontSize(TITLE_OF_18);
    await page.goto(server.url + '/');
    const short = await fontSize('Rooms');

    expect(at17).toBe(short);
    expect(at18).toBeLessThan(at17);
  });

  it('asks before leaving while a change is still being sent', async () => {
    await signInContext(context, server, owner);
    await page.goto(server.url + '/');
    const card = roomCard(page, TITLE_OF_17);
    await card.waitFor();

    // The favourite's request reaches the server only when the test lets it.
    const held: Route[] = [];
    await page.route('**/api/mutation', (route) => void held.push(route));
    await card.getByRole('button', { name: 'Add to favourites' }).click();
    await expect.poll(() => held.length).toBe(1);

    await card.getByRole('link', { name: TITLE_OF_17 }).click();
    const ask = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await ask.waitFor();
    expect(await ask.textContent()).toContain(
      'Are you sure you want to leave? Your changes may not be saved.',
    );
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');

    // Closing the tab asks too (the browser's own dialog).
    const closing = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await closing).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Once the change is through, leaving asks nothing.
    for (const route of held) await route.continue();
    await page.unrouteAll();
    await card.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    await card.getByRole('link', { name: TITLE_OF_17 }).click();
    await page.waitForURL(`${server.url}/room/quiet-corner-jazz`);
    expect(await ask.count()).toBe(0);
  });

  it('shows the 500 page, with the header, when a page fails to render', async () => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/assets/AuthPage-*.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("the sign-in page broke");',
      }),
    );
    await page.goto(server.url + '/auth');
    await heading('Something went wrong').waitFor();
    expect(await page.getByRole('main').textContent()).toContain(
      'An unexpected error stopped this page. Reload it, or go back to the home page.',
    );
    expect(await page.getByRole('main').getByText('500', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(errors.join('\n')).toContain('the sign-in page broke');

    await page.unrouteAll();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await heading(HOME_HEADING).waitFor();
  });

  it('fits a phone screen below 768 px: a compact header and no sideways scrolling', async () => {
    const logoName = page.getByRole('banner').getByText('Music Rooms', { exact: true });
    await page.goto(server.url + '/');
    await heading(HOME_HEADING).waitFor();
    expect(await logoName.isVisible()).toBe(true);
    const desktopTitle = await fontSize('Rooms');

    await page.setViewportSize({ width: 390, height: 844 });
    await logoName.waitFor({ state: 'hidden' });
    expect(await fontSize('Rooms')).toBeLessThan(desktopTitle);
    await roomCard(page, TITLE_OF_18).waitFor();
    const cardBox = await roomCard(page, TITLE_OF_18).boundingBox();
    expect(cardBox?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.goto(server.url + '/room/quiet-corner-jazzy');
    await headerTitle(TITLE_OF_18).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
