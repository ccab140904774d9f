import type { Locator, Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import {
  IN_STEP_S,
  alignment,
  heardInSync,
  openRoomAs,
  playerBar,
  roomWithTracks,
  snapshot,
  TWO_TRACKS,
  twoInRoom,
  audioTest as test,
} from './support/player';

/** Opens the sync popover from the badge, as a person clicks it. */
async function openSyncPopover(page: Page, { title = 'Sync', bar = playerBar(page) } = {}) {
  await bar.getByRole('status').click();
  const popover = page.getByRole('dialog', { name: title });
  await popover.waitFor();
  return popover;
}

/** How far apart two pages hear the room (seconds), from their own snapshots. */
async function apart(first: Page, second: Page): Promise<number> {
  const [a, b] = await Promise.all([snapshot(first), snapshot(second)]);
  if (a?.position == null || b?.position == null) return Infinity;
  return Math.abs(alignment(a) - alignment(b));
}

/** One track is all these need: decoding a second would only make the room slower to set up. */
const ONE_TRACK = [TWO_TRACKS[0]!];

const DELAY_LABEL = 'This device’s output delay';

/** How late the person of these tests hears every click after the page expects it. */
const LAG_MS = 120;

/**
 * Taps along in the popover as a person who hears every click `lagMs` after the page expects
 * it, and taps on it: each tap lands at the instant the page exposes for a click, plus the lag.
 * Answers the delay proposed.
 */
async function tapWithLag(popover: Locator, lagMs: number): Promise<number> {
  await popover.getByRole('button', { name: 'Tap along' }).click();
  const tap = popover.getByRole('button', { name: 'Tap', exact: true });
  await tap.evaluate(async (button, lag) => {
    type Hooked = Window & { musicRooms?: { tapAlong?: { clicks(): readonly number[] } } };
    const clicks = () => (window as Hooked).musicRooms?.tapAlong?.clicks() ?? [];
    let last = -Infinity;
    for (let taps = 0; taps < 10;) {
      const next = clicks().find((heardAt) => heardAt > last && heardAt > performance.now());
      if (next === undefined) {
        await new Promise((done) => requestAnimationFrame(done));
        continue;
      }
      await new Promise((done) => setTimeout(done, next + lag - performance.now()));
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, isPrimary: true }));
      last = next;
      taps += 1;
    }
  }, lagMs);
  const proposal = popover.getByText(/^Proposed: -?\d+ ms$/);
  await proposal.waitFor();
  return Number(/-?\d+/.exec((await proposal.textContent())!)![0]);
}

// A device's hidden output delay, set by hand or by tapping along (the sync popover).
describe('the output delay of a device', () => {
  test('shows the sync figures, plays a typed delay that much earlier and keeps it', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser, { tracks: ONE_TRACK });
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(grace);

    const popover = await openSyncPopover(grace);
    await expect.poll(() => popover.textContent()).toMatch(/Offset from the room-?\d+\.\d ms/);
    await expect.poll(() => popover.textContent()).toMatch(/Output latency\d+\.\d ms/);
    expect(await popover.textContent()).toMatch(
      /Server clock-?\d+\.\d ms from this device’s clock, ±\d+\.\d ms \(round trip \d+\.\d ms\)/,
    );
    expect(await popover.textContent()).toContain('This device’s output delay0 ms');

    await popover.getByRole('spinbutton', { name: DELAY_LABEL }).fill('150');
    await expect.poll(async () => (await snapshot(grace))?.outputDelayMs).toBe(150);
    await popover.getByText('This device’s output delay150 ms').waitFor();
    // Heard in step with Ada again, Grace's music leaves the browser 150 ms before Ada's.
    await expect.poll(() => apart(grace, ada)).toBeLessThan(IN_STEP_S);
    await heardInSync(grace);
    const [heard, reference] = await Promise.all([snapshot(grace), snapshot(ada)]);
    expect(Math.abs(alignment(heard!) - alignment(reference!))).toBeLessThan(IN_STEP_S);
    const leaving = heard!.outputPosition! - heard!.serverNow! / 1000;
    expect(Math.abs(leaving - alignment(reference!) - 0.15)).toBeLessThan(IN_STEP_S);

    await popover.getByRole('button', { name: 'Close' }).click();
    await popover.waitFor({ state: 'hidden' });
    await grace.reload();
    await expect.poll(async () => (await snapshot(grace))?.outputDelayMs).toBe(150);
    await heardInSync(grace);
    const again = await openSyncPopover(grace);
    expect(await again.getByRole('spinbutton', { name: DELAY_LABEL }).inputValue()).toBe('150');
  });

  test('proposes the lag of taps that follow the clicks, and uses it', async ({
    server,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(server, { tracks: ONE_TRACK });
    const page = await openRoomAs(audioBrowser, server, room.owner, room.url);
    await playerBar(page).getByRole('button', { name: 'Play' }).click();
    await heardInSync(page);

    const popover = await openSyncPopover(page);
    const proposed = await tapWithLag(popover, LAG_MS);
    await page.screenshot({ path: '/tmp/sync-popover-tapped.png' });
    expect(Math.abs(proposed - LAG_MS)).toBeLessThanOrEqual(15);

    await popover.getByRole('button', { name: 'Use it' }).click();
    await expect.poll(async () => (await snapshot(page))?.outputDelayMs).toBe(proposed);
    expect(await popover.getByRole('spinbutton', { name: DELAY_LABEL }).inputValue()).toBe(
      String(proposed),
    );
    await popover.getByText('Set by tapping along.', { exact: false }).waitFor();

    // Kept for the next visit, which is in Russian.
    await page.goto(room.url.replace(room.path, `/ru${room.path}`));
    const russian = await openSyncPopover(page, {
      title: 'Синхронизация',
      bar: page.getByRole('region', { name: 'Плеер' }),
    });
    const field = russian.getByRole('spinbutton', { name: 'Задержка вывода этого устройства' });
    expect(await field.inputValue()).toBe(String(proposed));
    await russian.getByText('Задано по нажатиям в такт.', { exact: false }).waitFor();
    await russian.getByRole('button', { name: 'Нажимать в такт' }).waitFor();
  });

  test('is reached from the badge while nothing plays, where tapping along keeps the room’s clock', async ({
    server,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(server, { tracks: ONE_TRACK });
    const page = await openRoomAs(audioBrowser, server, room.owner, room.url);
    const badge = playerBar(page).getByRole('status');
    await badge.getByText('Not playing').waitFor();

    const popover = await openSyncPopover(page);
    const proposed = await tapWithLag(popover, LAG_MS);
    expect(Math.abs(proposed - LAG_MS)).toBeLessThanOrEqual(15);
    await popover.getByRole('button', { name: 'Use it' }).click();
    await expect.poll(async () => (await snapshot(page))?.outputDelayMs).toBe(proposed);
  });
});
