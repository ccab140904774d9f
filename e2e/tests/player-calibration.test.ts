import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../src/harness';
import { describe, expect } from '../src/fixtures';
import {
  TWO_TRACKS,
  heardInSync,
  openRoomAs,
  playerBar,
  roomWithTracks,
  snapshot,
  audioTest as test,
} from './support/player';

// The sync popover's test sound and calibration by listening (spec §4 Player sync).

type ScheduledSound = { name: string; serverAt: number; contextAt: number };

/** One track is all these need: decoding a second would only make the room slower to set up. */
const ONE_TRACK = [TWO_TRACKS[0]!];

const delayInUse = async (page: Page) =>
  (await snapshot(page)) as unknown as { outputDelayMs: number } | null;

const sounds = (page: Page) =>
  page.evaluate(() => {
    const hooks = (window as unknown as { musicRooms?: { player?: { sounds(): unknown } } })
      .musicRooms;
    return (hooks?.player?.sounds() ?? []) as ScheduledSound[];
  });

/** Opens the sync popover from the badge of a page that plays in sync. */
async function openSyncPopover(page: Page, bar = playerBar(page)) {
  await heardInSync(page);
  // The badge is a button around the state it shows.
  await bar.getByRole('status').click();
  return page.getByRole('dialog');
}

/**
 * A Chromium whose microphone is a fake device (`fakeMicrophone`) or none at all: without a
 * sound server it finds no input device.
 */
function launchWithMicrophone(fakeMicrophone: boolean): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--autoplay-policy=no-user-gesture-required',
      ...(fakeMicrophone ? ['--use-fake-device-for-media-stream'] : []),
    ],
    env: { ...process.env, PULSE_SERVER: 'unix:/nonexistent/pulse' },
  });
}

describe('the sync popover', () => {
  test('plays a test sound on every page of the room for the same server instant, none on a muted one', async ({
    server,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(server, { tracks: ONE_TRACK });
    const ada = await openRoomAs(audioBrowser, server, room.owner, room.url);
    const grace = await openRoomAs(audioBrowser, server, room.other, room.url);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(grace);

    const popover = await openSyncPopover(ada);
    await popover.getByRole('button', { name: 'Play a test sound' }).click();
    await popover.getByText('Listen: one click means the room is in sync').waitFor();

    const clicks = async (page: Page) =>
      (await sounds(page)).filter(({ name }) => name === 'click');
    await expect.poll(async () => (await clicks(ada)).length).toBe(1);
    await expect.poll(async () => (await clicks(grace)).length).toBe(1);
    const [onAda] = await clicks(ada);
    const [onGrace] = await clicks(grace);
    expect(onGrace!.serverAt).toBe(onAda!.serverAt);

    // Grace mutes her page: it clicks no more, and its popover says so.
    await playerBar(grace).getByRole('button', { name: 'Mute' }).click();
    const graces = await openSyncPopover(grace);
    await graces.getByText('This page’s sound is off, so it will not click').waitFor();
    const askAda = async (count: number) => {
      await popover.getByRole('button', { name: 'Play a test sound' }).click();
      await expect.poll(async () => (await clicks(ada)).length).toBe(count);
      return (await clicks(ada)).at(-1)!.serverAt;
    };
    await askAda(2);
    // Unmuted, she clicks with the next one: the one asked while she was muted never sounded.
    await playerBar(grace).getByRole('button', { name: 'Unmute' }).click();
    const third = await askAda(3);
    await expect.poll(async () => (await clicks(grace)).length).toBe(2);
    expect((await clicks(grace)).at(-1)!.serverAt).toBe(third);
  });

  test('says why it cannot listen when the microphone is refused, and the delay still moves by hand', async ({
    server,
  }) => {
    const browser = await launchWithMicrophone(true);
    try {
      const room = await roomWithTracks(server, { tracks: ONE_TRACK });
      const ada = await openRoomAs(browser, server, room.owner, room.url);
      await playerBar(ada).getByRole('button', { name: 'Play' }).click();
      const popover = await openSyncPopover(ada);
      await popover.getByRole('button', { name: 'Calibrate by listening' }).click();
      await popover
        .getByText('The microphone is not allowed, so this device cannot listen')
        .waitFor();
      await popover.getByText('The output delay can still be set by hand.').waitFor();

      await popover.getByRole('spinbutton', { name: 'This device’s output delay' }).fill('120');
      await expect.poll(async () => (await delayInUse(ada))?.outputDelayMs).toBe(120);
    } finally {
      await browser.close();
    }
  });

  test('says so on the control when there is no microphone, in English and Russian', async ({
    server,
  }) => {
    const browser = await launchWithMicrophone(false);
    try {
      const room = await roomWithTracks(server, { tracks: ONE_TRACK });
      const russianUrl = room.url.replace(room.path, `/ru${room.path}`);
      const [english, russian] = await Promise.all([
        openRoomAs(browser, server, room.owner, room.url),
        openRoomAs(browser, server, room.other, room.url),
      ]);
      await russian.goto(russianUrl);
      await playerBar(english).getByRole('button', { name: 'Play' }).click();
      const says = async (page: Page, control: string, reason: string, bar: string) => {
        const popover = await openSyncPopover(page, page.getByRole('region', { name: bar }));
        const button = popover.getByRole('button', { name: control });
        await expect.poll(() => button.isDisabled()).toBe(true);
        await popover.getByText(reason).waitFor();
      };
      await Promise.all([
        says(
          english,
          'Calibrate by listening',
          'This device has no microphone to listen with.',
          'Player',
        ),
        says(
          russian,
          'Откалибровать на слух',
          'На этом устройстве нет микрофона, чтобы слушать.',
          'Плеер',
        ),
      ]);
    } finally {
      await browser.close();
    }
  });
});
