import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../e2e/src/harness';
import type { PlayerSnapshot } from '../../../web/src/features/player/engine/sync-state';

/**
 * Listeners of a room: Chromium instances that play aloud into a PulseAudio sink of their own,
 * each with the room page open, read through the page's test hook
 * (`window.musicRooms.player.snapshot()`).
 */

/** What the page's test hook answers. */
export type Snapshot = PlayerSnapshot;

/**
 * Chromium that plays aloud (Playwright mutes it by default) into `sink`, without a click, with
 * an output buffer of `bufferFrames`.
 */
export function launchListener(
  sink: string,
  pulseEnv: Record<string, string>,
  bufferFrames: number,
  more: { args?: string[]; env?: Record<string, string> } = {},
): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--autoplay-policy=no-user-gesture-required',
      `--audio-buffer-size=${bufferFrames}`,
      ...(more.args ?? []),
    ],
    ignoreDefaultArgs: ['--mute-audio'],
    env: { ...process.env, ...pulseEnv, PULSE_SINK: sink, ...more.env },
  });
}

/** Opens `url` signed in with the session cookie (`name=value`) of `origin`. */
export async function openSignedIn(browser: Browser, url: string, cookie: string): Promise<Page> {
  const context = await browser.newContext();
  const [name = '', ...value] = cookie.split('=');
  await context.addCookies([{ name, value: value.join('='), url: new URL(url).origin }]);
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

export function snapshot(page: Page): Promise<Snapshot | null> {
  return page.evaluate(() => {
    const hooks = (window as { musicRooms?: { player?: { snapshot(): unknown } } }).musicRooms;
    return (hooks?.player?.snapshot() ?? null) as Snapshot | null;
  });
}

/** A snapshot and when it was read (server epoch ms, as the bench reads that clock). */
export type Reading = { at: number; shot: Snapshot | null };

/** Reads a page's snapshot every `everyMs` until stopped; answers every reading. */
export function watchSnapshots(page: Page, everyMs: number, now: () => number) {
  const readings: Reading[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const shot = await snapshot(page).catch(() => null);
      readings.push({ at: now(), shot });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    readings,
    stop: async () => {
      running = false;
      await loop;
      return readings;
    },
  };
}
