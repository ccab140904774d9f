import type { Locator } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import {
  heardInSync,
  openRoomAs,
  playerBar,
  roomWithTracks,
  audioTest as test,
} from './support/player';

/** What in the player bar reaches past the bar's own box, by its text or label. */
async function spilling(bar: Locator): Promise<string[]> {
  return bar.evaluate((bar) => {
    const box = bar.getBoundingClientRect();
    return Array.from(bar.querySelectorAll<HTMLElement>('button, [role="status"], p, span, img'))
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        return rect.left < box.left - 0.5 || rect.right > box.right + 0.5;
      })
      .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? '');
  });
}

// Spec §2 player bar, in both languages on the narrowest phone the app supports.
describe('the player bar on a phone', () => {
  test('is one line at 375 px (cover, title, play or pause) until tapped open', async ({
    server,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(server);
    const page = await openRoomAs(audioBrowser, server, room.owner, room.url);
    await page.setViewportSize({ width: 375, height: 667 });
    const bar = playerBar(page);
    await bar.getByRole('button', { name: 'Play' }).click();
    await heardInSync(page);
    await bar.getByText('First').waitFor();

    const share = async () =>
      bar.evaluate((element) => element.getBoundingClientRect().height / window.innerHeight);
    expect(await share()).toBeLessThan(0.12);
    expect(await bar.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Next track' }).isVisible()).toBe(false);
    expect(await bar.getByRole('status').isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/player-mini.png' });

    await bar.getByRole('button', { name: 'More controls' }).click();
    await bar.getByRole('button', { name: 'Next track' }).waitFor();
    expect(await bar.getByRole('slider', { name: 'Position in the track' }).isVisible()).toBe(true);
    expect(await bar.getByRole('status').isVisible()).toBe(true);
    expect(await spilling(bar)).toEqual([]);
    await page.screenshot({ path: '/tmp/player-expanded.png' });

    await bar.getByRole('button', { name: 'Fewer controls' }).click();
    await bar.getByRole('button', { name: 'Next track' }).waitFor({ state: 'hidden' });
  });

  test('keeps every control and the sync state inside the bar, in Russian, at 320 px', async ({
    server,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(server, {
      tracks: [
        {
          file: 'Очень длинное имя исполнителя - Очень длинное название композиции.wav',
          seconds: 120,
          frequency: 440,
        },
      ],
    });
    const page = await openRoomAs(audioBrowser, server, room.owner, room.url);
    await playerBar(page).getByRole('button', { name: 'Play' }).click();
    await heardInSync(page);

    await page.goto(room.url.replace(room.path, `/ru${room.path}`));
    const bar = page.getByRole('region', { name: 'Плеер' });
    await bar.getByRole('status').getByText('Синхронно').waitFor();
    await page.setViewportSize({ width: 375, height: 720 });
    await bar.getByRole('button', { name: 'Больше кнопок' }).click();
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 720 });
      // Laid out again by the next frame; the track plays on for longer than the test lasts.
      await bar.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
      expect(await spilling(bar)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
    }
  });
});
