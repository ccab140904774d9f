import { asUserId } from '@music-rooms/domain';
import type { Page } from 'playwright-core';
import { updateUser } from '../../server/src/services/accounts/users-store';
import { appServerTest as test } from '../src/app-server-test';
import { describe, expect } from '../src/fixtures';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

// The component demo page, as a super administrator looks through it; the server keeps a handle
// on its database so that the member can be made one.
describe('UI components demo page', () => {
  test('a super administrator tries each theme, the player bar’s sync states and both languages', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    await updateUser(appServer.app.database.db, asUserId(member.id), { superAdmin: true });
    await page.goto(`${server.url}/dev`);
    await page
      .getByRole('link', { name: /UI components/ })
      .first()
      .click();
    await heading(page, 'UI components').waitFor();
    const own = await theme(page);

    await page.getByRole('radio', { name: 'Light' }).check();
    expect(await theme(page)).toBe('light');
    await page.getByRole('textbox', { name: 'E-mail' }).waitFor();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    const bar = page.getByRole('region', { name: 'Player' });
    await bar.getByText('In sync').waitFor();
    await page.getByRole('radio', { name: 'Blocked' }).check();
    await bar.getByRole('button', { name: 'Click to start playback' }).waitFor();
    await page.getByRole('radio', { name: 'Sync error' }).check();
    await bar.getByText('Sync error').waitFor();
    await page.screenshot({ path: 'test-results/dev-ui-demo-light.png', fullPage: true });

    await page.getByRole('radio', { name: 'Pure black' }).check();
    expect(await theme(page)).toBe('black');
    await page.getByRole('button', { name: 'Open a menu' }).click();
    await page.getByRole('menuitem', { name: 'Copy link' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('radio', { name: 'Русский' }).click();
    await heading(page, 'Компоненты интерфейса').waitFor();
    await page.getByText('Введите правильный адрес почты.').waitFor();
    await page.screenshot({ path: 'test-results/dev-ui-demo-ru.png', fullPage: true });

    // The theme was tried on this page only: leaving gives the person's own back.
    await page.getByRole('link', { name: 'Обзор' }).click();
    await heading(page, 'Инструменты разработчика').waitFor();
    expect(await theme(page)).toBe(own);
  });

  test('is "Page not found" for a signed-in user who is not a super administrator, and a guest', async ({
    signedInPage: page,
    server,
    browser,
  }) => {
    await page.goto(`${server.url}/dev/ui-components`);
    await heading(page, 'Page not found').waitFor();
    const guest = await browser.newPage();
    await guest.goto(`${server.url}/dev/ui-components`);
    await heading(guest, 'Page not found').waitFor();
    await guest.close();
  });
});
