import type { Page } from 'playwright-core';
import { startSmtpCapture } from '../../server/test/helpers/mail';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { newPerson, signUp } from './support/people';

/**
 * Listed in SUPER_ADMIN_EMAILS: whoever signs up with it becomes a super administrator once the
 * address is verified through the link mailed to it.
 */
const ADMIN_EMAIL = 'root@example.com';

const test = base
  .extend('smtp', { scope: 'file' }, startedPerFile(startSmtpCapture))
  .extend('serverOptions', { scope: 'file' }, ({ smtp }) => ({
    publicUrl: true,
    env: { SMTP_URL: smtp.url, SUPER_ADMIN_EMAILS: ADMIN_EMAIL },
  }));

/** The /dev/notices buttons and the title of the sample each shows: fitting its variant. */
const SAMPLES = {
  en: {
    Default: 'Playlist updated',
    Info: 'Host changed',
    Success: 'Track uploaded',
    Warning: 'Connection is unstable',
    Error: 'Upload failed',
  },
  ru: {
    Обычное: 'Плейлист обновлён',
    Информация: 'Сменился ведущий',
    Успех: 'Трек загружен',
    Предупреждение: 'Связь нестабильна',
    Ошибка: 'Загрузка не удалась',
  },
};

async function showsSamplesOfEachVariant(page: Page, samples: Record<string, string>) {
  for (const [button, title] of Object.entries(samples)) {
    await page.getByRole('button', { name: button, exact: true }).click();
    await page.locator('[role="region"]').getByText(title).waitFor();
  }
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const openUserMenu = (page: Page) =>
  page.getByRole('button', { name: 'Open the user menu' }).click();

// The app shell as a visitor meets it: header, user menu, language, theme, 404, scroll-to-top.
describe('app shell', () => {
  test('renders the home page with its header, no DEV badge, within the Content Security Policy', async ({
    page,
    open,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const publicConfig = page.waitForResponse((res) => res.url().endsWith('/api/config'));
    await open('/');
    await heading(page, 'One playlist. One player. Everyone in sync.').waitFor();
    expect(await page.title()).toBe('Rooms · Music Rooms');
    expect(await page.getByRole('banner').textContent()).toContain('Rooms');
    expect(
      await page.getByRole('link', { name: 'Music Rooms, home page' }).getAttribute('href'),
    ).toBe('/');
    await page.getByRole('tab', { name: 'All rooms' }).waitFor();
    await page.getByText('No rooms yet').waitFor();
    expect(problems).toEqual([]);
    // This server runs without PUBLIC_DEV_MODE: its settings came, and no DEV badge with them.
    expect((await (await publicConfig).json()).devMode).toBe(false);
    expect(await page.getByRole('banner').getByText('DEV', { exact: true }).count()).toBe(0);
  });

  test('switches to Russian from the user menu, and stays in Russian after a reload', async ({
    page,
    context,
    open,
  }) => {
    await open('/');
    await heading(page, 'One playlist. One player. Everyone in sync.').waitFor();
    await openUserMenu(page);
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await page.keyboard.press('Escape');
    await heading(page, 'Один плейлист. Один плеер. Все слышат одно и то же.').waitFor();
    expect(await page.title()).toBe('Комнаты · Music Rooms');

    await page.reload();
    await heading(page, 'Один плейлист. Один плеер. Все слышат одно и то же.').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'locale')?.value).toBe('ru');
  });

  test('takes the language from a locale prefix in the address', async ({ page, open }) => {
    await open('/ru/auth');
    await heading(page, 'Добро пожаловать в Music Rooms').waitFor();
    expect(await page.title()).toBe('Авторизация · Music Rooms');
  });

  test('keeps the chosen theme after a reload', async ({ page, open }) => {
    await open('/');
    await openUserMenu(page);
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');

    await openUserMenu(page);
    await page.getByRole('menuitemradio', { name: 'Pure black' }).click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('black');
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('black');
  });

  test('shows "Page not found" for an unknown address', async ({ page, open }) => {
    await open('/no/such/page');
    await heading(page, 'Page not found').waitFor();
    expect(await page.title()).toBe('Page not found · Music Rooms');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await heading(page, 'One playlist. One player. Everyone in sync.').waitFor();
  });

  test('shows "Page not found" to a guest who opens the developer pages', async ({
    page,
    open,
  }) => {
    await open('/dev');
    await heading(page, 'Page not found').waitFor();
    await open('/dev/notices');
    await heading(page, 'Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'SUPER ADMIN' }).count()).toBe(0);
  });

  test('opens the developer pages for a super administrator, from the SUPER ADMIN badge', async ({
    page,
    server,
    smtp,
    open,
  }) => {
    await open('/');
    const mail = smtp.next();
    await signUp(page, newPerson('Ada Admin', { email: ADMIN_EMAIL }));
    const link = /https?:\/\/\S+\/verify-email\?token=[^\s>)"]+/.exec((await mail).text ?? '')?.[0];
    await page.goto(link ?? server.url);
    await page.getByText('Your e-mail address is verified').waitFor();
    await page.getByRole('link', { name: 'SUPER ADMIN' }).click();
    await heading(page, 'Developer tools').waitFor();
    await page
      .getByRole('link', { name: /Notices/ })
      .first()
      .click();
    await heading(page, 'Notices').waitFor();
    const answer = await page.goto(server.url + '/dev/notices');
    expect(answer?.status()).toBe(200);
    await heading(page, 'Notices').waitFor();
    await showsSamplesOfEachVariant(page, SAMPLES.en);
    await page.goto(server.url + '/ru/dev/notices');
    await showsSamplesOfEachVariant(page, SAMPLES.ru);
  });

  test('shows "Page not found" to a signed-in user who is not an administrator', async ({
    page,
    open,
  }) => {
    await open('/');
    await signUp(page, newPerson('Bob Ordinary'));
    const answer = await open('/dev');
    expect(answer?.status()).toBe(404);
    await heading(page, 'Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'SUPER ADMIN' }).count()).toBe(0);
  });

  test('does not take a super administrator flag left on the device for the session', async ({
    page,
    open,
  }) => {
    await open('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'music-rooms:user',
        JSON.stringify({ name: 'Mallory', avatar: '#6d5df6', superadmin: true }),
      ),
    );
    await open('/dev');
    await heading(page, 'Page not found').waitFor();
    expect(await page.getByRole('link', { name: 'SUPER ADMIN' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:user'))).toBeNull();
  });

  test('offers a way back to the top after scrolling more than 200 px', async ({ page, open }) => {
    await page.setViewportSize({ width: 375, height: 640 });
    await open('/');
    await heading(page, 'One playlist. One player. Everyone in sync.').waitFor();
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

  test('keeps a live connection to the server, and the server clock answers over it', async ({
    page,
    open,
  }) => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await open('/');
    await heading(page, 'One playlist. One player. Everyone in sync.').waitFor();
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
