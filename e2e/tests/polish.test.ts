import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test as base } from '../src/fixtures';
import { dialog, logOut, newPerson, notice, signIn, signUp, signedIn } from './support/people';
import { callAs, createRoomAs, registerMember, roomCard, signInContext } from './support/rooms';

// Full Chromium: the settings journey turns on notifications, which the headless shell refuses.
const test = base.extend('chromiumBuild', { scope: 'file' }, 'full' as const);

const INTRO = 'One playlist. One player. Everyone in sync.';
const uniqueWord = () => `w${randomBytes(3).toString('hex')}`;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** The element a click at the middle of this one would reach is this one (or inside it). */
const reachable = (locator: Locator) =>
  locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit !== null && element.contains(hit);
  });

const currentSection = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Settings sections' })
    .locator('[aria-current="location"]')
    .textContent();

describe('home for a returning signed-in person', () => {
  test('folds the introduction into one line, with the rooms right below', async ({
    page,
    context,
    server,
  }) => {
    await page.goto(server.url + '/');
    await page.getByRole('heading', { level: 1, name: INTRO }).waitFor();

    const ada = await registerMember(server, 'Ada Returning');
    await signInContext(context, server, ada);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Ada Returning' }).waitFor();
    expect(await page.getByRole('heading', { name: INTRO }).count()).toBe(0);
    const rooms = page.getByRole('heading', { name: 'Rooms', level: 2 }).first();
    expect((await box(rooms)).y).toBeLessThan(300);

    const toggle = page.getByRole('button', { name: 'What is Music Rooms?' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.getByRole('heading', { level: 2, name: INTRO }).waitFor();
    await page.getByRole('button', { name: 'Hide the introduction', expanded: true }).click();
    expect(await page.getByRole('heading', { name: INTRO }).count()).toBe(0);
  });
});

describe('the greeting of a new account', () => {
  test('welcomes it after sign-up, also after a reload, and welcomes it back at the next sign-in', async ({
    page,
    open,
  }) => {
    const nora = newPerson('Nora New');
    const greeting = (name: string) => page.getByRole('heading', { level: 1, name });
    await open('/');
    await signUp(page, nora);
    await greeting('Welcome, Nora New').waitFor();
    await page.reload();
    await greeting('Welcome, Nora New').waitFor();
    expect(await greeting('Welcome back, Nora New').count()).toBe(0);

    await logOut(page);
    await signIn(page, nora.username, nora.password);
    await signedIn(page, 'Nora New');
    await greeting('Welcome back, Nora New').waitFor();
  });
});

describe('room cards', () => {
  test('show the owner once when the owner is the only member', async ({ page, server }) => {
    const word = uniqueWord();
    const owner = await registerMember(server, 'Solo Owner');
    await createRoomAs(server, owner, { name: `Solo ${word}`, room_url: `solo-${word}` });
    const shared = await createRoomAs(server, owner, {
      name: `Shared ${word}`,
      room_url: `shared-${word}`,
    });
    const guest = await registerMember(server, 'Gia Member');
    await callAs(server, owner, 'rooms.addUser', {
      roomId: shared._id,
      usernameOrEmail: guest.username,
      role: 'viewer',
    });
    await page.goto(server.url + `/?q=${word}`);

    const solo = roomCard(page, `Solo ${word}`);
    await solo.getByText('by Solo Owner').waitFor();
    expect(await solo.locator('.avatar').count()).toBe(1);
    expect(await solo.getByRole('img', { name: /member/ }).count()).toBe(0);

    const both = roomCard(page, `Shared ${word}`);
    await both.getByRole('img', { name: '2 members' }).waitFor();
    expect(await both.locator('.avatar').count()).toBe(2);
    expect(await both.locator('[title="Solo Owner"]').count()).toBe(0);
    await page.screenshot({ path: '/tmp/polish-cards.png' });
  });

  test('"Show more rooms" moves the focus to the first card it added', async ({ page, server }) => {
    const word = uniqueWord();
    const owner = await registerMember(server, 'Many Rooms');
    for (let index = 1; index <= 26; index += 1) {
      await createRoomAs(server, owner, {
        name: `Room ${index} ${word}`,
        room_url: `room-${index}-${word}`,
      });
    }
    await page.goto(server.url + `/?q=${word}`);
    await page.getByText('26 rooms', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Show more rooms' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(26);
    const twentyFifth = page.getByRole('article').nth(24);
    const focused = await page.evaluate(
      () => document.activeElement?.closest('article')?.getAttribute('aria-labelledby') ?? null,
    );
    expect(focused).toBe(await twentyFifth.getAttribute('aria-labelledby'));
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
  });
});

describe('settings', () => {
  test('confirms each saved toggle and marks the section being read', async ({
    signedInPage: page,
    open,
  }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await page.context().grantPermissions(['notifications']);
    await open('/settings');
    const notifications = page.getByRole('switch', { name: 'Notifications' });
    // Notifications are on for a new account (and here the browser allows them); sounds are off.
    await notifications.click();
    await page.getByRole('status').getByText('Notifications: off. Saved.').waitFor();
    await page.getByRole('switch', { name: 'Sound effects' }).click();
    await page.getByRole('status').getByText('Sound effects: on. Saved.').waitFor();
    await notifications.click();
    await page.getByRole('status').getByText('Notifications: on. Saved.').waitFor();

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => currentSection(page)).toBe('Account');
    const nav = page.getByRole('navigation', { name: 'Settings sections' });
    await nav.getByRole('link', { name: 'Cache' }).click();
    await expect.poll(() => currentSection(page)).toBe('Cache');
    await page.getByRole('heading', { name: 'Appearance' }).evaluate((heading) => {
      const top = heading.getBoundingClientRect().top + window.scrollY - 80;
      window.scrollTo(0, top);
    });
    await expect.poll(() => currentSection(page)).toBe('Appearance');
    await page.screenshot({ path: '/tmp/polish-settings.png' });
  });

  test('confirms a saved toggle in Russian', async ({ signedInPage: page, open }) => {
    await open('/ru/settings');
    // Sound effects are off for a new account.
    await page.getByRole('switch', { name: 'Звуковые эффекты' }).click();
    await page.getByRole('status').getByText('Звуковые эффекты: включено. Сохранено.').waitFor();
  });
});

describe('notices', () => {
  test('never lie over the primary button of an open dialog', async ({
    signedInPage: page,
    open,
  }) => {
    await page.setViewportSize({ width: 390, height: 640 });
    await open('/');
    await logOut(page);
    const loggedOut = notice(page, 'You have logged out');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const signIn = dialog(page).getByRole('button', { name: 'Sign in', exact: true });
    await signIn.waitFor();
    expect(await loggedOut.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/polish-toast-dialog.png' });
    const toast = page.locator('.toast', { hasText: 'You have logged out' });
    expect(overlaps(await box(toast), await box(signIn))).toBe(false);
    expect(await reachable(signIn)).toBe(true);
  });

  test('stay above the space a player bar reserves at the bottom', async ({
    signedInPage: page,
    open,
  }) => {
    await open('/');
    await page.evaluate(() =>
      document.documentElement.style.setProperty('--player-bar-height', '96px'),
    );
    await logOut(page);
    const toast = page.locator('.toast', { hasText: 'You have logged out' });
    const { y, height } = await box(toast);
    expect(y + height).toBeLessThanOrEqual(800 - 96);
  });
});
