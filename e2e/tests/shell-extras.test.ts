import type { Page, Route } from 'playwright-core';
import { describe, expect, test as base } from '../src/fixtures';
import { createRoomAs, registerMember, roomCard, signInContext } from './support/rooms';

const HOME_HEADING = 'One playlist. One player. Everyone in sync.';
/** Room names either side of the header's 17-character limit. */
const TITLE_OF_17 = 'Quiet corner jazz';
const TITLE_OF_18 = 'Quiet corner jazzy';

/**
 * A server in development mode, which shows the DEV badge (the shell journey sees a server
 * without it, and no badge); and Olga, who owns a room named either side of the header's limit.
 * Auto: the tests that only look at her rooms never name her, but the rooms must be there.
 */
const test = base
  .extend('serverOptions', { scope: 'file' }, { env: { PUBLIC_DEV_MODE: 'true' } })
  .extend('owner', { scope: 'file', auto: true }, async ({ server }) => {
    const owner = await registerMember(server, 'Olga Owner');
    await createRoomAs(server, owner, { name: TITLE_OF_17, room_url: 'quiet-corner-jazz' });
    await createRoomAs(server, owner, { name: TITLE_OF_18, room_url: 'quiet-corner-jazzy' });
    return owner;
  });

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const devBadge = (page: Page) => page.getByRole('banner').getByText('DEV', { exact: true });
const headerTitle = (page: Page, title: string) =>
  page.getByRole('banner').getByText(title, { exact: true });
const fontSize = async (page: Page, title: string) => {
  await headerTitle(page, title).waitFor();
  return headerTitle(page, title).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
};

// More of the app shell as a visitor meets it: DEV badge, header title, leave warning, the 500
// page and the phone layout.
describe('app shell, more', () => {
  test('shows the DEV badge when the server runs with PUBLIC_DEV_MODE=true', async ({
    page,
    server,
  }) => {
    await page.goto(server.url + '/');
    await heading(page, HOME_HEADING).waitFor();
    await devBadge(page).waitFor();
    expect(await devBadge(page).isVisible()).toBe(true);
  });

  test('shrinks the header title when it is longer than 17 characters', async ({
    page,
    server,
  }) => {
    await page.goto(server.url + '/room/quiet-corner-jazz');
    const at17 = await fontSize(page, TITLE_OF_17);
    await page.goto(server.url + '/room/quiet-corner-jazzy');
    const at18 = await fontSize(page, TITLE_OF_18);
    await page.goto(server.url + '/');
    const short = await fontSize(page, 'Rooms');

    expect(at17).toBe(short);
    expect(at18).toBeLessThan(at17);
  });

  test('asks before leaving while a change is still being sent', async ({
    page,
    context,
    server,
    owner,
  }) => {
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

    // Once the change is through, leaving asks nothing. The heart turned at once, so only the
    // answer's arrival says the change is through.
    const answered = page.waitForResponse('**/api/mutation');
    for (const route of held) await route.continue();
    await page.unrouteAll();
    await (await answered).finished();
    await card.getByRole('link', { name: TITLE_OF_17 }).click();
    await page.waitForURL(`${server.url}/room/quiet-corner-jazz`);
    expect(await ask.count()).toBe(0);
  });

  test('shows the 500 page, with the header, when a page fails to render', async ({
    page,
    server,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The sign-in page's own chunk (web/vite/first-view-chunks.ts names it after the page).
    await page.route(/\/assets\/auth-[\w-]{8}\.js$/, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: 'throw new Error("the sign-in page broke");',
      }),
    );
    await page.goto(server.url + '/auth');
    await heading(page, 'Something went wrong').waitFor();
    expect(await page.getByRole('main').textContent()).toContain(
      'An unexpected error stopped this page. Reload it, or go back to the home page.',
    );
    expect(await page.getByRole('main').getByText('500', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(errors.join('\n')).toContain('the sign-in page broke');

    await page.unrouteAll();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await heading(page, HOME_HEADING).waitFor();
  });

  test('fits a phone screen below 768 px: a compact header and no sideways scrolling', async ({
    page,
    server,
  }) => {
    const logoName = page.getByRole('banner').getByText('Music Rooms', { exact: true });
    await page.goto(server.url + '/');
    await heading(page, HOME_HEADING).waitFor();
    expect(await logoName.isVisible()).toBe(true);
    const desktopTitle = await fontSize(page, 'Rooms');

    await page.setViewportSize({ width: 390, height: 844 });
    await logoName.waitFor({ state: 'hidden' });
    expect(await fontSize(page, 'Rooms')).toBeLessThan(desktopTitle);
    await roomCard(page, TITLE_OF_18).waitFor();
    const cardBox = await roomCard(page, TITLE_OF_18).boundingBox();
    expect(cardBox?.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await page.goto(server.url + '/room/quiet-corner-jazzy');
    await headerTitle(page, TITLE_OF_18).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
