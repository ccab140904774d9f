import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { RoomId } from '@music-rooms/domain/ids';
import type { PlaybackControl } from '@music-rooms/domain/rooms';
import type { E2EServer } from '../../src/harness';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../src/harness';
import { sineWav } from '../../src/wav';
import { uploadAs, waitForReadyTracks, wavFile } from '../../src/tracks';
import { CONTEXT_OPTIONS, startedPerFile, test } from '../../src/fixtures';
import { callAs, createRoomAs, registerMember, signInContext, type Member } from './rooms';

/**
 * Player journeys: people in one room, each in a browser of their own, and the page's test hook
 * (`window.musicRooms.player.snapshot()`) to read what each one hears.
 */

export type Snapshot = {
  trackId: string | null;
  playing: boolean;
  position: number | null;
  serverNow: number | null;
  offsetMs: number | null;
  rttMs: number | null;
  state: string;
  outputDelayMs: number;
  outputPosition: number | null;
};

/**
 * Chromium that may start audio without a click (`autoplay`), or that blocks it until one, as a
 * browser does for a page the person has not touched yet.
 */
export function launchPlayerBrowser(autoplay: boolean): Promise<Browser> {
  const policy = autoplay ? 'no-user-gesture-required' : 'document-user-activation-required';
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--autoplay-policy=${policy}`],
  });
}

/** The journeys' test, with a Chromium per file that may start audio by itself. */
export const audioTest = test.extend(
  'audioBrowser',
  { scope: 'file' },
  startedPerFile(() => launchPlayerBrowser(true)),
);

export const snapshot = (page: Page) =>
  page.evaluate(() => {
    const hooks = (window as unknown as { musicRooms?: { player?: { snapshot(): unknown } } })
      .musicRooms;
    return (hooks?.player?.snapshot() ?? null) as Snapshot | null;
  });

/** Waits until the page hears the room in sync (its own word for it). */
export async function heardInSync(page: Page, timeoutMs = 30_000): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shot = await snapshot(page);
    if (shot?.state === 'inSync' && shot.position !== null) return shot;
    if (Date.now() > deadline) throw new Error(`not in sync: ${JSON.stringify(shot)}`);
    await page.waitForTimeout(100);
  }
}

/**
 * How far apart two pages in step may hear the music: headless Chromium's output is a null
 * device, so both pages read the same machine's clocks.
 */
export const IN_STEP_S = 0.03;

/**
 * Where a page's music is against the server's clock: seconds into the track minus the server
 * time of the snapshot. Two pages that hear the same instant have the same figure.
 */
export const alignment = (shot: Snapshot) => shot.position! - shot.serverNow! / 1000;

/** A track of a test room: a tone of its own pitch, named "Artist - Title.wav". */
export type ToneTrack = { file: string; seconds: number; frequency: number };

/** What most journeys need: two tracks long enough to play, pause, seek and skip in. */
export const TWO_TRACKS: readonly ToneTrack[] = [
  { file: 'Alpha - First.wav', seconds: 40, frequency: 440 },
  { file: 'Beta - Second.wav', seconds: 40, frequency: 660 },
];

export type RoomOptions = {
  /** The role of the second member (Grace); participant unless told. */
  role?: 'participant' | 'viewer';
  tracks?: readonly ToneTrack[];
  /** Who controls playback; the room's default (the host, Ada) unless told. */
  playbackControl?: PlaybackControl;
};

/** A room with tracks (TWO_TRACKS unless told), its owner and one more member. */
export async function roomWithTracks(
  server: E2EServer,
  { role = 'participant', tracks = TWO_TRACKS, playbackControl }: RoomOptions = {},
): Promise<{ owner: Member; other: Member; roomId: RoomId; path: string; url: string }> {
  const owner = await registerMember(server, 'Ada Lovelace');
  const other = await registerMember(server, 'Grace Hopper');
  const room_url = `sync-${other.username.slice(-8)}`;
  const room = await createRoomAs(server, owner, { name: 'Sync room', room_url });
  await callAs(server, owner, 'rooms.addUser', {
    roomId: room._id,
    usernameOrEmail: other.username,
    role,
  });
  if (playbackControl) {
    await callAs(server, owner, 'rooms.update', { id: room._id, playbackControl });
  }
  for (const track of tracks) {
    const audio = sineWav(track.seconds, track.frequency);
    await uploadAs(server, owner.cookie, room._id, wavFile(track.file, audio));
  }
  await waitForReadyTracks(server, owner.cookie, room._id, tracks.length);
  const path = `/room/${room.room_url}`;
  return { owner, other, roomId: room._id, path, url: server.url + path };
}

/** A signed-in page of the member's own browser context, on the room. */
export async function openRoomAs(browser: Browser, server: E2EServer, member: Member, url: string) {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  await signInContext(context, server, member);
  const page = await context.newPage();
  await page.goto(url);
  await playerBar(page).waitFor();
  return page;
}

export const playerBar = (page: Page) => page.getByRole('region', { name: 'Player' });

/**
 * Resolves once the page asks for the live query `path`: over HTTP (its first read while the
 * realtime connection is not open) or over that connection (a subscription). Call before the
 * page is opened. Watching the network does not touch the page.
 */
export function asksFor(page: Page, path: string): Promise<void> {
  const named = (text: string | null | undefined) => (text ?? '').includes(`"${path}"`);
  return new Promise((resolve) => {
    page.on('request', (request) => {
      if (named(request.postData())) resolve();
    });
    page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && named(payload)) resolve();
      });
    });
  });
}

/** The owner (Ada) and the other member (Grace) of a new room, each on its page in `browser`. */
export async function twoInRoom(server: E2EServer, browser: Browser, options: RoomOptions = {}) {
  const room = await roomWithTracks(server, options);
  const ada = await openRoomAs(browser, server, room.owner, room.url);
  const grace = await openRoomAs(browser, server, room.other, room.url);
  return { ...room, ada, grace };
}

/**
 * Both pages hear the same track at the same instant (their own word for it, when in sync).
 * `loopS`: the track repeats every this many seconds, so the two readings may fall either side
 * of a restart; the pages are in step when they are a whole number of loops apart.
 */
export async function heardInStep(
  first: Page,
  second: Page,
  loopS?: number,
): Promise<[Snapshot, Snapshot]> {
  const [a, b] = await Promise.all([heardInSync(first), heardInSync(second)]);
  expect(a.trackId).toBe(b.trackId);
  const apart = alignment(a) - alignment(b);
  const loops = loopS ? Math.round(apart / loopS) : 0;
  const heard = JSON.stringify([a, b]);
  expect(Math.abs(apart - loops * (loopS ?? 0)), `apart: ${heard}`).toBeLessThan(IN_STEP_S);
  return [a, b];
}

/**
 * Ada plays, pauses, plays again, seeks 5 s on with the arrow key and skips to the second track;
 * after each, Grace hears what Ada hears, at the same instant.
 */
export async function controlsReachTheOther(ada: Page, grace: Page): Promise<void> {
  await playerBar(ada).getByRole('button', { name: 'Play' }).click();
  const [first] = await heardInStep(grace, ada);
  // The music moves on, by the audio clock.
  await expect
    .poll(async () => (await snapshot(grace))!.position!)
    .toBeGreaterThan(first.position! + 0.5);
  await heardInStep(ada, grace);

  await playerBar(ada).getByRole('button', { name: 'Pause' }).click();
  await expect.poll(async () => (await snapshot(grace))!.playing).toBe(false);
  const paused = (await snapshot(grace))!;
  expect(paused.state).toBe('idle');
  expect(Math.abs(paused.position! - (await snapshot(ada))!.position!)).toBeLessThan(0.001);

  await playerBar(ada).getByRole('button', { name: 'Play' }).click();
  await heardInSync(grace);
  await ada.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await snapshot(grace))!.position ?? 0)
    .toBeGreaterThan(paused.position! + 4);
  await heardInStep(ada, grace);

  await playerBar(ada).getByRole('button', { name: 'Next track' }).click();
  await expect.poll(async () => (await snapshot(grace))!.trackId).not.toBe(first.trackId);
  await expect.poll(() => playerBar(grace).textContent()).toContain('Second');
  await heardInStep(ada, grace);
}

/** A snapshot as recorded, with when the page took it (`performance.now()`, ms). */
export type RecordedShot = Snapshot & { readAt: number };

type RecordingWindow = Window & {
  musicRooms?: { player?: { snapshot(): Snapshot } };
  heardRecording?: { samples: RecordedShot[]; timer: number };
};

/**
 * Records the page's snapshot every 20 ms inside the page itself, so no moment is missed
 * between two round trips of the test; `recorded(page)` reads what it has so far.
 */
export function startRecording(page: Page): Promise<void> {
  return page.evaluate(() => {
    const target = window as RecordingWindow;
    const samples: RecordedShot[] = [];
    const timer = window.setInterval(() => {
      const shot = target.musicRooms?.player?.snapshot();
      if (shot) samples.push({ ...shot, readAt: performance.now() });
    }, 20);
    target.heardRecording = { samples, timer };
  });
}

export const recorded = (page: Page) =>
  page.evaluate(() => (window as RecordingWindow).heardRecording?.samples ?? []);
