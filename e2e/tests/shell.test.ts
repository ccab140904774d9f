import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startServer, type E2EServer } from '../src/harness';
import { newPerson, signUp } from './support/people';

/** Listed in SUPER_ADMIN_EMAILS: whoever signs up with it is a super administrator. */
const ADMIN_EMAIL = 'root@example.com';

// The app shell as a visitor meets it: header, user menu, language, theme, 404, scroll-to-top.
describe('app shell', () => {
  let server: E2EServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ SUPER_ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchBrowser();
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

  const open = (path: string) => page.goto(server.url + path);
  const heading = (name: string) => page.getByRole('heading', { level: 1, name });
  const openUserMenu = () => page.getByRole('button', { name: 'Open the user menu' }).click();

  it('renders the home page with its header, within the Content Security Policy', async () => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await open('/');
    await heading('One playlist. One player. Everyone in sync.').waitFor();
    expect(await page.title()).toBe('Rooms · Music Rooms');
    expect(await page.getByRole('banner').textContent()).toContain('Rooms');
    expect(
      await page.getByRole('link', { name: 'Music Rooms, home page' }).getAttribute('href'),
    ).toBe('/');
    await page.getByRole('tab', { name: 'All rooms' }).waitFor();
    expect(await page.getByText('No rooms yet').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('switches to Russian from the user menu, and stays in Russian after a reload', async () => {
    await open('/');
    await heading('One playlist. One player. Everyone in sync.').waitFor();
    await openUserMenu();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await page.keyboard.press('Escape');
    await heading('Один плейлист. Один плеер. Все слышат одно и то же.').waitFor();
    expect(await page.title()).toBe('Комнаты · Music Rooms');

    await page.reload();
    await heading('Один плейлист. Один плеер. Все слышат одно и то же.').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('ru');
  });

  it('takes the language from a locale prefix in the address', async () => {
    await open('/ru/auth');
    await heading('Добро пожаловать в Music Rooms').waitFor();
    expect(await page.title()).toBe('Авторизация · Music Rooms');
  });

  it('keeps the chosen theme after a reload', async () => {
    await open('/');
    await openUserMenu();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');

    await openUserMenu();
    await page.getByRole('menuitemradio', { name: 'Pure black' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('black');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('black');
  });

  it('shows "Page not found" for an unknown address', async () => {
    await open('/no/such/page');
    await heading('Page not found').waitFor();
    expect(await page.title()).toBe('Page not found · Music Rooms');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await heading('One playlist. One player. Everyone in sync.').waitFor();
  });

  it('shows "Page not found" to a guest who opens the developer pages', async () => {
    await open('/dev');
    await heading('Page not found').waitFor();
    await open('/dev/notices');
    await heading('Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'SUPER ADMIN' }).count()).toBe(0);
  });

  it('opens the developer pages for a super administrator, from the SUPER ADMIN badge', async () => {
    await open('/');
    await signUp(page, newPerson('Ada Admin', { email: ADMIN_EMAIL }));
    await page.getByRole('link', { name: 'SUPER ADMIN' }).click();
    await heading('Developer tools').waitFor();
    await page
      .getByRole('link', { name: /Notices/ })
      .first()
      .click();
    await heading('Notices').waitFor();
    const answer = await page.goto(server.url + '/dev/notices');
    expect(answer?.status()).toBe(200);
    await heading('Notices').waitFor();
  });

  it('shows "Page not found" to a signed-in user who is not an administrator', async () => {
    await open('/');
    await signUp(page, newPerson('Bob Ordinary'));
    const answer = await open('/dev');
    expect(answer?.status()).toBe(404);
    await heading('Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'SUPER ADMIN' }).count()).toBe(0);
  });

  it('does not take a super administrator flag left on the device for the session', async () => {
    await open('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'music-rooms:user',
        JSON.stringify({ name: 'Mallory', avatar: '#6d5df6', superadmin: true }),
      ),
    );
    await open('/dev');
    await heading('Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'SUPER ADMIN' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:user'))).toBeNull();
  });

  it('offers a way back to the top after scrolling more than 200 px', async () => {
    await page.setViewportSize({ width: 375, height: 640 });
    await open('/');
    await heading('One playlist. One player. Everyone in sync.').waitFor();
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    expect(await backToTop.count()).toBe(0);

    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 600);
    await backToTop.waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);

    await backToTop.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await backToTop.waitFor({ state: 'detached' });
  });

  it('keeps a live connection to the server, and the server clock answers over it', async () => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await open('/');
    await heading('One playlist. One player. Everyone in sync.').waitFor();
    await expect.poll(() => sockets.some((url) => url.includes('/socket.io/'))).toBe(true);
    const answer = await page.evaluate(async () => {
      const res = await fetch('/api/query', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: 'system:serverTime', args: [{}] }),
      });
      return res.json() as Promise<{ status: string; value: { now: number } }>;
    });
    expect(answer.status).toBe('success');
    expect(Math.abs(answer.value.now - Date.now())).toBeLessThan(60_000);
  });
});
