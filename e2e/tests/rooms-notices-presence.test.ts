import type { Page, Response, WebSocket } from 'playwright-core';
import { FUNCTION_ENDPOINTS } from '@music-rooms/domain/functions';
import { ROOM_LIMITS, type RoomDetails } from '@music-rooms/domain/rooms';
import { describe, expect, test } from '../src/fixtures';
import type { E2EServer } from '../src/harness';
import { dialog, notice } from './support/people';
import {
  callAs,
  createRoomAs,
  registerMember,
  roomCard,
  signInContext,
  type Member,
} from './support/rooms';

/** The acknowledgement of a presence:join the server let in, as Socket.IO frames it. */
const JOIN_ACK = /^43\d+\[\{"ok":true\}\]$/;
/** What separates Socket.IO packets in one long-polling answer. */
const PACKET_SEPARATOR = String.fromCharCode(30);
const hasJoinAck = (text: string) => text.split(PACKET_SEPARATOR).some((p) => JOIN_ACK.test(p));

/**
 * Resolves once the page's realtime connection is told it counts as present in a room: the
 * answer to its presence:join, over the WebSocket or the long-polling that Socket.IO starts with.
 */
function presenceAccepted(page: Page): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      page.off('websocket', onSocket);
      page.off('response', onResponse);
      resolve();
    };
    const onSocket = (socket: WebSocket) =>
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && hasJoinAck(payload)) done();
      });
    const onResponse = (response: Response) => {
      if (!response.url().includes('/socket.io/')) return;
      void response.text().then(
        (text) => hasJoinAck(text) && done(),
        () => {},
      );
    };
    page.on('websocket', onSocket);
    page.on('response', onResponse);
  });
}

/** Opens (or reloads) the room in the page and waits until the page counts as present. */
async function enterRoom(page: Page, url: string | null) {
  const accepted = presenceAccepted(page);
  await (url ? page.goto(url) : page.reload());
  await accepted;
}

/** The room's live count as its owner reads it over HTTP now. */
async function listeners(server: E2EServer, owner: Member, roomId: string): Promise<number> {
  const response = await fetch(server.url + FUNCTION_ENDPOINTS.query, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: owner.cookie },
    body: JSON.stringify({ path: 'rooms.get', args: { id: roomId } }),
  });
  return ((await response.json()) as { value: RoomDetails }).value.activeUsers;
}

describe('listening now counts each browser once', () => {
  test('a guest reloading and opening a second tab counts once; another browser counts again', async ({
    page,
    context,
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Polly Presence');
    const room = await createRoomAs(server, owner, { name: 'Open stage', room_url: 'open-stage' });
    const roomUrl = `${server.url}/room/open-stage`;

    await enterRoom(page, roomUrl);
    expect(await listeners(server, owner, room._id)).toBe(1);
    for (let i = 0; i < 3; i++) {
      await enterRoom(page, null);
      expect(await listeners(server, owner, room._id)).toBe(1);
    }
    // A second tab of the same browser has a tab session of its own, and still counts once.
    const secondTab = await context.newPage();
    await enterRoom(secondTab, roomUrl);
    expect(await listeners(server, owner, room._id)).toBe(1);
    await secondTab.getByText('1 listening now').waitFor();

    const other = await newBrowserPage();
    await enterRoom(other.page, roomUrl);
    expect(await listeners(server, owner, room._id)).toBe(2);
    await other.page.getByText('2 listening now').waitFor();
    await page.getByText('2 listening now').waitFor();
  });
});

describe('being added to a room', () => {
  test('shows a toast at once, then the room in "My rooms" marked until dismissed', async ({
    page,
    context,
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const bob = await registerMember(server, 'Bob Added');
    await createRoomAs(server, owner, { name: 'Jam session', room_url: 'jam-session' });
    await signInContext(context, server, bob);
    await page.goto(server.url + '/');
    await page.getByRole('tab', { name: 'My rooms' }).click();
    await page.getByText('You have no rooms yet').waitFor();

    // Olga adds Bob by his e-mail in her own browser.
    const olga = await newBrowserPage();
    await signInContext(olga.context, server, owner);
    await olga.page.goto(server.url + '/room/jam-session');
    await olga.page.getByRole('button', { name: 'Members' }).click();
    await dialog(olga.page).getByLabel('Username or e-mail').fill(bob.email.toUpperCase());
    await dialog(olga.page).getByRole('button', { name: 'Add', exact: true }).click();
    await notice(olga.page, 'Member added').waitFor();

    await notice(page, 'You were added to Jam session').waitFor();
    await notice(page, 'Olga Owner added you as: Participant').waitFor();
    const card = roomCard(page, 'Jam session');
    await card.getByText('Added by Olga Owner').waitFor();

    // The mark lasts: a new visit still shows it, and no second toast comes for it.
    await page.reload();
    await card.getByText('Added by Olga Owner').waitFor();
    expect(await notice(page, 'You were added to Jam session').count()).toBe(0);
    await card.getByRole('button', { name: 'Dismiss' }).click();
    await card.getByText('Added by Olga Owner').waitFor({ state: 'detached' });
    await page.reload();
    await card.waitFor();
    expect(await card.getByText('Added by Olga Owner').count()).toBe(0);
  });

  test('opening the room from the toast ends the mark', async ({ page, context, server }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const bob = await registerMember(server, 'Bob Busy');
    const room = await createRoomAs(server, owner, { name: 'Back room', room_url: 'back-room' });
    await signInContext(context, server, bob);
    await page.goto(server.url + '/');
    await page.getByRole('tab', { name: 'My rooms' }).click();
    await page.getByText('You have no rooms yet').waitFor();

    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: bob.username,
      role: 'editor',
    });
    await notice(page, 'Olga Owner added you as: Editor').waitFor();
    await roomCard(page, 'Back room').getByText('Added by Olga Owner').waitFor();
    await page
      .locator('[role="region"][aria-label^="Notifications"]')
      .getByRole('button', { name: 'Open' })
      .click();
    await page.waitForURL(/\/room\/back-room$/);
    await page.getByRole('heading', { level: 1, name: 'Back room' }).waitFor();

    await page.goBack();
    await roomCard(page, 'Back room').waitFor();
    await expect
      .poll(() => roomCard(page, 'Back room').getByText('Added by Olga Owner').count())
      .toBe(0);
  });
});

describe('adding people is limited per person', () => {
  test('past the limit the users modal says to wait, and nobody is added', async ({
    page,
    context,
    server,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const late = await registerMember(server, 'Lena Late');
    const room = await createRoomAs(server, owner, { name: 'Full hall', room_url: 'full-hall' });
    for (let i = 0; i < ROOM_LIMITS.addUserAttempts; i++) {
      await fetch(server.url + FUNCTION_ENDPOINTS.mutation, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: owner.cookie },
        body: JSON.stringify({
          path: 'rooms.addUser',
          args: { roomId: room._id, usernameOrEmail: `nobody-${i}@example.com`, role: 'viewer' },
        }),
      });
    }
    await signInContext(context, server, owner);
    await page.goto(server.url + '/room/full-hall');
    await page.getByRole('button', { name: 'Members' }).click();
    await dialog(page).getByLabel('Username or e-mail').fill(late.username);
    await dialog(page).getByRole('button', { name: 'Add', exact: true }).click();
    await dialog(page)
      .getByText('Too many attempts. Please wait a minute and try again.')
      .waitFor();
    expect(await dialog(page).getByText('Lena Late').count()).toBe(0);
  });
});

describe('a password room on the home list', () => {
  test('shows a stranger its name, marker and owner only, and is not found by its description', async ({
    page,
    server,
  }) => {
    const owner = await registerMember(server, 'Kate Keeper');
    const member = await registerMember(server, 'Mira Member');
    const room = await createRoomAs(server, owner, {
      name: 'Velvet vault',
      room_url: 'velvet-vault',
      description: 'Moonlit zither recordings',
      password: 'open sesame',
    });
    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: member.username,
      role: 'viewer',
    });

    await page.goto(server.url + '/');
    const card = roomCard(page, 'Velvet vault');
    await card.getByText('by Kate Keeper').waitFor();
    await card.getByText('Password', { exact: true }).waitFor();
    expect(await card.getByText('Moonlit zither recordings').count()).toBe(0);
    expect(await card.getByText('No description yet').count()).toBe(0);
    expect(await card.getByRole('img', { name: /listening now/ }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Search rooms' }).fill('zither');
    await page.getByText('Nothing found').waitFor();
  });
});
