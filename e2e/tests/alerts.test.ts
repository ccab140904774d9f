import type { Browser, BrowserContext, Page, Response, WebSocket } from 'playwright-core';
import { FUNCTION_ENDPOINTS, type ArgsOf } from '@music-rooms/domain/functions';
import type { E2EServer } from '../src/harness';
import { CONTEXT_OPTIONS, describe, expect } from '../src/fixtures';
import { uploadAs, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { audioTest as test, heardInSync, playerBar, snapshot, TWO_TRACKS } from './support/player';
import { callAs, createRoomAs, registerMember, signInContext, type Member } from './support/rooms';

type Mutation = 'rooms.requestAccess' | 'users.updatePreferences';

/** A change over HTTP, as the member's own browser would make it. */
async function mutateAs<Path extends Mutation>(
  server: E2EServer,
  member: Member,
  path: Path,
  args: ArgsOf<Path>,
) {
  const response = await fetch(server.url + FUNCTION_ENDPOINTS.mutation, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie },
    body: JSON.stringify({ path, args }),
  });
  const body = (await response.json()) as { status: string };
  if (body.status !== 'success') throw new Error(`${path} failed: ${JSON.stringify(body)}`);
}

/**
 * What the page's system notices and interface sounds are seen by: every Notification made
 * (its title, text and tag) and whether a click on one focused the window; every AudioContext made
 * and, for each oscillator (the sounds are made of them; the music is not), the index of the
 * context it belongs to. And a switch that hides or shows the tab as the browser would.
 */
const OBSERVE = () => {
  const seen = {
    notices: [] as { title: string; body: string; tag: string; click: () => void }[],
    focused: 0,
    contexts: [] as AudioContext[],
    oscillators: [] as number[],
  };
  Object.assign(window, { seen });
  const RealNotification = window.Notification;
  class SeenNotification extends RealNotification {
    constructor(title: string, options?: NotificationOptions) {
      super(title, options);
      seen.notices.push({
        title,
        body: options?.body ?? '',
        tag: options?.tag ?? '',
        click: () => this.onclick?.(new Event('click')),
      });
    }
    static override get permission() {
      return RealNotification.permission;
    }
  }
  window.Notification = SeenNotification;
  const focus = window.focus.bind(window);
  window.focus = () => {
    seen.focused += 1;
    focus();
  };
  const RealContext = window.AudioContext;
  window.AudioContext = class extends RealContext {
    constructor(options?: AudioContextOptions) {
      super(options);
      seen.contexts.push(this);
    }
  };
  const createOscillator = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function (this: BaseAudioContext) {
    seen.oscillators.push(seen.contexts.indexOf(this as AudioContext));
    return createOscillator.call(this);
  };
  let hidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => hidden });
  Object.assign(window, {
    setHidden(next: boolean) {
      hidden = next;
      document.dispatchEvent(new Event('visibilitychange'));
    },
  });
};

type Seen = { notices: { title: string; body: string }[]; contexts: number; oscillators: number[] };

const seen = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const { notices, contexts, oscillators } = (window as unknown as { seen: Window['seen'] }).seen;
    return {
      notices: notices.map(({ title, body }) => ({ title, body })),
      contexts: contexts.length,
      oscillators: [...oscillators],
    };
  });

declare global {
  interface Window {
    seen: {
      notices: { title: string; body: string; tag: string; click: () => void }[];
      focused: number;
      contexts: AudioContext[];
      oscillators: number[];
    };
    setHidden: (hidden: boolean) => void;
  }
}

async function observedPage(browser: Browser, server: E2EServer, member: Member, grant: boolean) {
  const context: BrowserContext = await browser.newContext({
    ...CONTEXT_OPTIONS,
    ...(grant ? { permissions: ['notifications'] } : {}),
  });
  await context.addInitScript(OBSERVE);
  await signInContext(context, server, member);
  return { context, page: await context.newPage() };
}

/**
 * A Socket.IO packet with the person's settings, notifications on (`42["query:value",{…}]`),
 * and what separates packets.
 */
const NOTICES_ON = /^42\["query:value",.*"notifications":true/;
const PACKET_SEPARATOR = String.fromCharCode(30);
const hasNoticesOn = (text: string) =>
  text.split(PACKET_SEPARATOR).some((packet) => NOTICES_ON.test(packet));

/**
 * Resolves once the page has heard over its realtime connection (the WebSocket, or the
 * long-polling Socket.IO starts with) that this person's notifications are on: from then on,
 * what the server tells this person becomes a system notice on the page. Before it, the page
 * does not yet know they want notices, and shows none.
 */
function noticesReady(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      page.off('websocket', onSocket);
      page.off('response', onResponse);
      resolve();
    };
    const onSocket = (socket: WebSocket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && hasNoticesOn(payload)) done();
      });
    const onResponse = (response: Response) => {
      if (!response.url().includes('/socket.io/')) return;
      void response.text().then(
        (text) => hasNoticesOn(text) && done(),
        () => {},
      );
    };
    page.on('websocket', onSocket);
    page.on('response', onResponse);
  });
}

const listener = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Listening now' }).getByRole('listitem').filter({ hasText: name });
const activityNow = (page: Page) => page.getByTestId('activity-newest');
const notificationsSwitch = (page: Page) => page.getByRole('switch', { name: 'Notifications' });
const tone = (name: string) => wavFile(name, sineWav(1, 440));

describe('notifications', () => {
  test('allowed: an access request on any page and a batch of tracks added in a hidden tab each make one system notice; a click focuses the tab', async ({
    server,
    audioBrowser,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const editor = await registerMember(server, 'Eve Editor');
    const stranger = await registerMember(server, 'Sam Stranger');
    const another = await registerMember(server, 'Kim Newcomer');
    const room = await createRoomAs(server, owner, { name: 'Loud room', room_url: 'loud-room' });
    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: editor.username,
      role: 'editor',
    });
    const { context, page } = await observedPage(audioBrowser, server, owner, true);

    // Turned off, then on again: the browser has allowed them, so it is on at once.
    await page.goto(server.url + '/settings');
    const toggle = notificationsSwitch(page);
    await toggle.waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await toggle.click();
    await page.getByText('Notifications: off. Saved.').waitFor();
    await toggle.click();
    await page.getByText('Notifications: on. Saved.').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    // On the rooms list, not the room's page, and in a second tab on the settings: the request
    // reaches the owner in both, under one tag, so the browser shows it once.
    const ready = noticesReady(page);
    await page.goto(server.url + '/');
    await page.getByText('Loud room').first().waitFor();
    await ready;
    const settings = await context.newPage();
    const settingsReady = noticesReady(settings);
    await settings.goto(server.url + '/settings');
    await notificationsSwitch(settings).waitFor();
    await settingsReady;
    await mutateAs(server, stranger, 'rooms.requestAccess', { roomId: room._id });
    const tags = async (tab: Page) => {
      await tab.waitForFunction(() => window.seen.notices.length === 1);
      return tab.evaluate(() => window.seen.notices.map(({ tag }) => tag));
    };
    const [listTags, settingsTags] = [await tags(page), await tags(settings)];
    expect(listTags[0]).toBeTruthy();
    expect(listTags).toEqual(settingsTags);
    expect((await seen(page)).notices).toEqual([
      { title: 'Loud room', body: 'Sam Stranger asks to join the room' },
    ]);
    expect((await seen(settings)).notices).toEqual((await seen(page)).notices);
    await settings.close();

    // A click brings the tab to the front and opens the room.
    await page.evaluate(() => window.seen.notices[0]!.click());
    await page.waitForURL(server.url + '/room/loud-room');
    await playerBar(page).waitFor();
    expect(await page.evaluate(() => window.seen.focused)).toBe(1);

    // On the room's page, a request makes its toast there and still one system notice.
    await mutateAs(server, another, 'rooms.requestAccess', { roomId: room._id });
    await page.getByText('Kim Newcomer asks to join this room').first().waitFor();
    expect((await seen(page)).notices).toEqual([
      { title: 'Loud room', body: 'Sam Stranger asks to join the room' },
      { title: 'Loud room', body: 'Kim Newcomer asks to join the room' },
    ]);

    // Dropped together, as a batch is: one after the other, a slow machine took longer between
    // two of them than the quiet that ends a batch, and told them as two.
    await page.evaluate(() => window.setHidden(true));
    await Promise.all(
      ['One.wav', 'Two.wav', 'Three.wav'].map((name) =>
        uploadAs(server, editor.cookie, room._id, tone(name)),
      ),
    );
    await page.waitForFunction(() => window.seen.notices.length === 3);
    expect((await seen(page)).notices[2]).toEqual({
      title: 'Loud room',
      body: 'Eve Editor added 3 tracks',
    });

    await page.evaluate(() => window.seen.notices[2]!.click());
    expect(await page.evaluate(() => window.seen.focused)).toBe(2);

    // With the tab shown, tracks added make no notice: the activity line tells them.
    await page.evaluate(() => window.setHidden(false));
    await uploadAs(server, editor.cookie, room._id, tone('Four.wav'));
    await page.getByText('Eve Editor added 4 tracks').waitFor();
    expect((await seen(page)).notices).toHaveLength(3);
    await context.close();
  });

  test('refused: turning them on says the browser blocks them, stays off and shows none', async ({
    server,
    audioBrowser,
  }) => {
    const owner = await registerMember(server, 'Nina Owner');
    const stranger = await registerMember(server, 'Tom Stranger');
    const room = await createRoomAs(server, owner, { name: 'Quiet room', room_url: 'quiet-room' });
    const { context, page } = await observedPage(audioBrowser, server, owner, false);

    await page.goto(server.url + '/settings');
    const toggle = notificationsSwitch(page);
    await toggle.waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText('Your browser blocks notifications from Music Rooms').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await page.goto(server.url + '/room/quiet-room');
    await playerBar(page).waitFor();
    await mutateAs(server, stranger, 'rooms.requestAccess', { roomId: room._id });
    await page.getByText('Tom Stranger asks to join this room').first().waitFor();
    expect((await seen(page)).notices).toEqual([]);
    await context.close();
  });
});

describe('sound effects', () => {
  test('play through the player’s own audio context when on, never when off, and not over music unless allowed', async ({
    server,
    audioBrowser,
  }) => {
    const owner = await registerMember(server, 'Ada Lovelace');
    const editor = await registerMember(server, 'Grace Hopper');
    const room = await createRoomAs(server, owner, { name: 'Sound room', room_url: 'sound-room' });
    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: editor.username,
      role: 'editor',
    });
    const [track] = TWO_TRACKS;
    await uploadAs(server, owner.cookie, room._id, wavFile(track!.file, sineWav(30, 440)));
    const { context, page } = await observedPage(audioBrowser, server, owner, false);
    await page.goto(server.url + '/room/sound-room');
    await listener(page, 'Ada Lovelace').waitFor();
    await page.waitForFunction(() => window.seen.contexts[0]?.state === 'running');
    const oscillators = async () => (await seen(page)).oscillators;
    let added = 0;
    /** Another track by the editor; resolves once the room's activity line has told it. */
    const addOne = async () => {
      added += 1;
      const before = await activityNow(page)
        .textContent({ timeout: 1 })
        .catch(() => null);
      await uploadAs(server, editor.cookie, room._id, tone(`Cue ${added}.wav`));
      await expect.poll(() => activityNow(page).textContent()).not.toBe(before);
    };

    // Off for a new account: nothing sounds.
    await addOne();
    expect(await oscillators()).toEqual([]);

    // Turned on (live, from another device): a track added sounds, on the page's one audio
    // context, the player's.
    await mutateAs(server, owner, 'users.updatePreferences', { soundEffects: true });
    await addOne();
    await expect.poll(async () => (await oscillators()).length).toBeGreaterThan(0);
    const heard = await seen(page);
    expect(heard.contexts).toBe(1);
    expect(new Set(heard.oscillators)).toEqual(new Set([0]));

    // While the room's music plays: silent...
    await playerBar(page).getByRole('button', { name: 'Play' }).click();
    await heardInSync(page);
    const before = heard.oscillators.length;
    await addOne();
    expect(await oscillators()).toHaveLength(before);

    // ...unless the listener allows sounds over music, here in the settings in another tab.
    const settings = await context.newPage();
    await settings.goto(server.url + '/settings');
    await settings.getByRole('switch', { name: 'Also while music plays' }).click();
    await addOne();
    await expect.poll(async () => (await oscillators()).length).toBeGreaterThan(before);
    expect(new Set(await oscillators())).toEqual(new Set([0]));
    expect((await snapshot(page))!.playing).toBe(true);
    await context.close();
  });
});
