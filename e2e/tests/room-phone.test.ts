import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from '../src/fixtures';
import { uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { createRoomAs } from './support/rooms';

const playerBar = (page: Page) => page.getByRole('region', { name: 'Player' });

/** The box of an element on the page, in CSS pixels. */
const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The top of what the player bar shows: its highest visible part, not its box's margin. */
const shownTop = (bar: Locator) =>
  bar.evaluate((element) =>
    Math.min(
      ...Array.from(element.querySelectorAll<HTMLElement>('*'))
        .map((part) => part.getBoundingClientRect())
        .filter((rect) => rect.width > 0 && rect.height > 0)
        .map((rect) => rect.top),
    ),
  );

// The room as a person first meets it: with nothing to play, and on a phone.
describe('a room on a phone and with nothing to play', () => {
  test('an empty room keeps Play, Previous and Next off and says why', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Quiet room', room_url: 'quiet-room' });
    await page.goto(`${server.url}/room/quiet-room`);
    await page.getByText('The playlist is empty').waitFor();
    const bar = playerBar(page);
    for (const name of ['Previous track', 'Play', 'Next track']) {
      expect(await bar.getByRole('button', { name }).isDisabled()).toBe(true);
    }
    await bar.locator('.player-bar__locked').hover();
    await page
      .getByRole('tooltip')
      .getByText('The room has no tracks yet: upload or import some to play')
      .first()
      .waitFor();

    await uploadAs(server, member.cookie, room._id, wavFile('Band - Song.wav', sineWav(1, 440)));
    await expect
      .poll(() => bar.getByRole('button', { name: 'Play' }).isDisabled(), { timeout: 30_000 })
      .toBe(false);
  });

  test('at 375 px titles keep their width, NEW sits by the artist, and scroll-to-top stays above the player', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Phone room', room_url: 'phone-room' });
    for (let i = 1; i <= 14; i++) {
      const name = `The Long Named Band - A Song With A Rather Long Title ${i}.wav`;
      await uploadAs(server, member.cookie, room._id, wavFile(name, sineWav(1, 300 + 10 * i)));
    }
    await waitForReadyTracks(server, member.cookie, room._id, 14);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(`${server.url}/room/phone-room`);
    const first = page.getByRole('listitem', {
      name: 'A Song With A Rather Long Title 1',
      exact: true,
    });
    await first.getByText('NEW').waitFor();
    await page.mouse.wheel(0, 500);
    await page.screenshot({ path: 'test-results/room-phone-list.png' });
    expect((await box(first.locator('.track-row__name'))).width).toBeGreaterThan(150);

    await page.mouse.wheel(0, 2000);
    const up = page.getByRole('button', { name: 'Back to top' });
    await up.waitFor();
    // The page tells the button the bar's height once a frame while it scrolls.
    const overlap = async () => {
      const button = await box(up);
      return button.y + button.height - (await shownTop(playerBar(page)));
    };
    await expect.poll(overlap).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/room-phone-scrolled.png' });

    await page.goto(`${server.url}/ru/room/phone-room`);
    const picker = page.getByRole('combobox', { name: 'Плейлист' });
    await picker.waitFor();
    // A native select cuts its text without saying so: measure the chosen option's words.
    const fit = await picker.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.options[select.selectedIndex]!.text;
      const inner =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, needed: context.measureText(text).width, inner };
    });
    const clipped = fit.needed > fit.inner;
    await page.screenshot({ path: 'test-results/room-phone-ru.png' });
    expect(clipped, JSON.stringify(fit)).toBe(false);
  });
});
