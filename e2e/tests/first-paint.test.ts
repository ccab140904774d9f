import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from '../src/fixtures';

const HOME_HEADING = 'One playlist. One player. Everyone in sync.';

/** Holds every script of the bundle until `release` is called: the page has only its HTML. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/assets/*.js', async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

const loading = (page: Page) => page.getByRole('status', { name: 'Music Rooms' });
const background = (page: Page) =>
  loading(page).evaluate((element) => getComputedStyle(element).backgroundColor);

// The first paint, before the bundle has arrived: no blank page.
describe('first paint', () => {
  test('shows the app name and a spinner while the bundle loads, then the app', async ({
    page,
    server,
  }) => {
    // Nothing saved: the system's colours, dark here.
    await page.emulateMedia({ colorScheme: 'dark' });
    const release = await holdScripts(page);
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    await loading(page).waitFor();
    await page.getByText('Music Rooms', { exact: true }).waitFor();
    await page.waitForTimeout(400);
    expect(await background(page)).toBe('rgb(14, 14, 19)');
    expect(
      await page.locator('.boot__spinner').evaluate((el) => getComputedStyle(el).animationName),
    ).toContain('boot-spin');
    await page.screenshot({ path: '/tmp/first-paint-dark.png' });

    await release();
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    expect(await loading(page).count()).toBe(0);
  });

  test('draws the loading state in the saved light theme, with nothing the CSP blocks', async ({
    page,
    context,
    server,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    // The saved choice wins over the system's dark colours.
    await page.emulateMedia({ colorScheme: 'dark' });
    await context.addInitScript(() =>
      window.localStorage.setItem('music-rooms:color-mode', 'light'),
    );
    const release = await holdScripts(page);
    await page.goto(server.url + '/', { waitUntil: 'commit' });
    await loading(page).waitFor();
    await page.waitForTimeout(400);
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await background(page)).toBe('rgb(246, 246, 250)');
    await page.screenshot({ path: '/tmp/first-paint-light.png' });

    await release();
    await page.getByRole('heading', { name: HOME_HEADING }).waitFor();
    expect(await loading(page).count()).toBe(0);
    expect(violations).toEqual([]);
  });
});
