import { randomBytes } from 'node:crypto';
import { TOPICS, type RoomId } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import type { TestApp } from '../helpers/app';
import { activeUsers, join, tabSocket } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { createRoom, newRoomPerson } from '../helpers/rooms';

// Guests count once per browser: the browser id its sockets open with (kept in localStorage by
// the web app) collapses its tabs and reloads; tab session ids never add guests.

const newBrowserId = () => randomBytes(12).toString('hex');

/** Counts the room's presence announcements (each join, and each leaver once its retention ran out). */
function announcements(t: TestApp, roomId: RoomId) {
  let heard = 0;
  const waiters: Array<() => void> = [];
  const stop = t.app.topics.onTopics((topics) => {
    if (!topics.includes(TOPICS.presence(roomId))) return;
    heard++;
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    /** Resolves once `count` announcements were heard in all. */
    until: async (count: number) => {
      while (heard < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    stop,
  };
}

async function roomWithOwner(t: TestApp) {
  const owner = await newRoomPerson(t);
  const room = await createRoom(t, { owner: owner.user });
  return { owner, room };
}

describe('presence counts a guest once per browser', () => {
  test('a guest reloading again and again ends with a count of 1 once the retention has passed', async ({
    t,
  }) => {
    const { owner, room } = await roomWithOwner(t);
    const heard = announcements(t, room.id);
    const browser = newBrowserId();
    const reloads = 4;
    let tab: TestSocket | null = null;
    try {
      for (let i = 0; i < reloads; i++) {
        // A reload: a new socket of the same browser, here even with a new tab session id,
        // while the server may not have seen the old socket go yet.
        const next = await tabSocket(t, undefined, browser);
        expect(await join(next, room.id, { session_id: `tab-${i}` })).toBe(true);
        expect(await activeUsers(owner.client, room.id)).toBe(1);
        tab?.close();
        tab = next;
      }
      // Every join announced, then every closed socket once its retention ran out.
      await heard.until(reloads + (reloads - 1));
      expect(await activeUsers(owner.client, room.id)).toBe(1);
    } finally {
      heard.stop();
      tab?.close();
    }
  });

  test('two tabs of one browser count once; two browsers count twice', async ({ t }) => {
    const { owner, room } = await roomWithOwner(t);
    const [browserA, browserB] = [newBrowserId(), newBrowserId()];
    const sockets = [
      await tabSocket(t, undefined, browserA),
      await tabSocket(t, undefined, browserA),
      await tabSocket(t, undefined, browserB),
    ];
    try {
      const [tab1, tab2, otherBrowser] = sockets as [TestSocket, TestSocket, TestSocket];
      expect(await join(tab1, room.id, { session_id: 'first-tab' })).toBe(true);
      expect(await join(tab2, room.id, { session_id: 'second-tab' })).toBe(true);
      expect(await activeUsers(owner.client, room.id)).toBe(1);
      expect(await join(otherBrowser, room.id, { session_id: 'first-tab' })).toBe(true);
      expect(await activeUsers(owner.client, room.id)).toBe(2);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  test('tab session ids of one socket collapse, and end together when the socket leaves', async ({
    t,
  }) => {
    const { owner, room } = await roomWithOwner(t);
    const heard = announcements(t, room.id);
    // No browser id (or one that is not one): the socket itself is the guest.
    const socket = await tabSocket(t, undefined, 'not a browser id!');
    try {
      for (const sessionId of ['one', 'two', 'three']) {
        expect(await join(socket, room.id, { session_id: sessionId })).toBe(true);
      }
      expect(await activeUsers(owner.client, room.id)).toBe(1);
    } finally {
      socket.close();
    }
    await heard.until(3 + 1);
    expect(await activeUsers(owner.client, room.id)).toBe(0);
    heard.stop();
  });

  test('a signed-in user counts once whatever browser id their tabs send', async ({ t }) => {
    const { owner, room } = await roomWithOwner(t);
    const sockets = [
      await tabSocket(t, owner.client, newBrowserId()),
      await tabSocket(t, owner.client, newBrowserId()),
    ];
    try {
      for (const socket of sockets) expect(await join(socket, room.id)).toBe(true);
      expect(await activeUsers(owner.client, room.id)).toBe(1);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});
