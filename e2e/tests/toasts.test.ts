import { describe, expect, test } from '../src/fixtures';
import { logOut, notice } from './support/people';

/** A default notice's lifetime (spec §9 "Toast default"). */
const TOAST_MS = 5000;

// Spec §4 Toasts: "Hovering pauses the timers". The page's clock is Playwright's: time flows as
// usual, and the test moves it on past a notice's lifetime instead of waiting that long.
describe('notices', () => {
  test('a notice under the pointer stays past its lifetime, and leaves once the pointer moves away', async ({
    signedInPage: page,
    open,
  }) => {
    await page.clock.install();
    await open('/');
    await logOut(page);
    const loggedOut = notice(page, 'You have logged out');
    await loggedOut.hover();

    await page.clock.runFor(TOAST_MS + 1500);
    expect(await loggedOut.isVisible()).toBe(true);
    await page.screenshot({ path: '/tmp/toast-hovered.png' });

    // Away from it the timer goes on with what it had left (almost all of it), then it goes.
    await page.mouse.move(200, 400);
    await page.clock.runFor(1000);
    expect(await loggedOut.isVisible()).toBe(true);
    await page.clock.runFor(TOAST_MS);
    await loggedOut.waitFor({ state: 'detached' });
  });

  test('a notice holding the keyboard focus stays too (F8 reaches the notices)', async ({
    signedInPage: page,
    open,
  }) => {
    await page.clock.install();
    await open('/');
    await logOut(page);
    const loggedOut = notice(page, 'You have logged out');
    await page.keyboard.press('F8');
    await page.clock.runFor(TOAST_MS + 1000);
    expect(await loggedOut.isVisible()).toBe(true);

    // A click on the page takes the focus away: the timer goes on.
    await page.getByRole('heading', { level: 1 }).first().click();
    await page.clock.runFor(TOAST_MS);
    await loggedOut.waitFor({ state: 'detached' });
  });
});
