import type { RoomListResult, UserId } from '@music-rooms/domain';
import type { SessionClient } from '../helpers/factories';
import { describe, expect, test as it } from '../helpers/fixtures';
import { activeOnCards, join, tabSocket } from '../helpers/presence';
import { createRoom } from '../helpers/rooms';

/**
 * A viewer's own lists ("my rooms", favourites) are kept in memory between calls; each check
 * first reads the list so that it is kept, then changes something and reads it again.
 */

async function myRooms(client: SessionClient, userId: UserId, args: object = {}) {
  const res = await client.call<{ value: RoomListResult }>('rooms.getUserRoomsWithAuthors', {
    userId,
    ...args,
  });
  expect(res.status).toBe(200);
  return res.body.value;
}
const names = (result: RoomListResult) => result.rooms.map((room) => room.name);

async function publicCard(client: SessionClient, search: string) {
  const res = await client.call<{ value: RoomListResult }>('rooms.getPublicRoomsWithAuthors', {
    search,
  });
  expect(res.status).toBe(200);
  return res.body.value.rooms[0];
}

describe('"my rooms" kept per viewer', () => {
  it('shows a room one is added to, and drops it when one is removed', async ({ t, f }) => {
    const { user: me, client } = await f.signedInUser({ password: null });
    const { user: host, client: hostClient } = await f.signedInUser({ password: null });
    const room = await createRoom(t, { owner: host, name: 'Guest List' });
    expect(names(await myRooms(client, me.id))).toEqual([]);

    await hostClient.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: me.username,
      role: 'viewer',
    });
    expect(names(await myRooms(client, me.id))).toEqual(['Guest List']);

    await hostClient.call('rooms.removeUser', { roomId: room.id, userId: me.id });
    expect(await myRooms(client, me.id)).toMatchObject({ rooms: [], total: 0 });
  });

  it("shows one's own favourite at once, and not someone else's", async ({ t, f }) => {
    const { user: me, client } = await f.signedInUser({ password: null });
    const { user: other, client: otherClient } = await f.signedInUser({ password: null });
    const room = await createRoom(t, { owner: me, name: 'Starred' });
    expect(names(await myRooms(client, me.id, { favoritesOnly: true }))).toEqual([]);

    await otherClient.call('rooms.toggleFavorite', { roomId: room.id, userId: other.id });
    expect(names(await myRooms(client, me.id, { favoritesOnly: true }))).toEqual([]);

    await client.call('rooms.toggleFavorite', { roomId: room.id, userId: me.id });
    expect(names(await myRooms(client, me.id, { favoritesOnly: true }))).toEqual(['Starred']);
    expect((await myRooms(client, me.id)).rooms[0]?.isFavorite).toBe(true);
  });

  it("shows an author's new name", async ({ t, f }) => {
    const { user: me, client } = await f.signedInUser({ password: null });
    const { user: host, client: hostClient } = await f.signedInUser({ password: null });
    const room = await createRoom(t, {
      owner: host,
      name: 'Renamed Host',
      members: [{ user: me, role: 'editor' }],
    });
    expect((await myRooms(client, me.id)).roomAuthors[room.id]?.name).toBe(host.name);

    await hostClient.call('users.updateUserProfile', { id: host.id, name: 'New Name' });
    expect((await myRooms(client, me.id)).roomAuthors[room.id]?.name).toBe('New Name');
  });

  it('keeps the live count live', async ({ t, f }) => {
    const { user: me, client } = await f.signedInUser({ password: null });
    const room = await createRoom(t, { owner: me, name: 'Busy' });
    expect(activeOnCards(await myRooms(client, me.id))).toEqual({ Busy: 0 });

    const socket = await tabSocket(t, client);
    try {
      expect(await join(socket, room.id)).toBe(true);
      expect(activeOnCards(await myRooms(client, me.id))).toEqual({ Busy: 1 });
    } finally {
      socket.close();
    }
  });

  it('pages and counts from the same answer, and past the end', async ({ t, f }) => {
    const { user: me, client } = await f.signedInUser({ password: null });
    for (const name of ['One', 'Two', 'Three']) await createRoom(t, { owner: me, name });
    const first = await myRooms(client, me.id, { sort: 'name', limit: 2 });
    expect(first).toMatchObject({ total: 3, nextOffset: 2 });
    expect(names(first)).toEqual(['One', 'Three']);
    const last = await myRooms(client, me.id, { sort: 'name', limit: 2, offset: 2 });
    expect(last).toMatchObject({ total: 3, nextOffset: null });
    expect(names(last)).toEqual(['Two']);
    expect(await myRooms(client, me.id, { offset: 10 })).toMatchObject({ rooms: [], total: 3 });
  });
});

describe("the viewer's marks on the public list, kept per viewer", () => {
  it('shows a new favourite and a new role at once', async ({ t, f }) => {
    const { user: me, client } = await f.signedInUser({ password: null });
    const { user: host, client: hostClient } = await f.signedInUser({ password: null });
    const room = await createRoom(t, { owner: host, name: 'Marked Stage' });
    expect(await publicCard(client, 'marked stage')).toMatchObject({
      myRole: null,
      isFavorite: false,
    });

    await client.call('rooms.toggleFavorite', { roomId: room.id, userId: me.id });
    expect(await publicCard(client, 'marked stage')).toMatchObject({ isFavorite: true });

    await hostClient.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: me.username,
      role: 'editor',
    });
    expect(await publicCard(client, 'marked stage')).toMatchObject({
      myRole: 'editor',
      isFavorite: true,
    });
    expect(await publicCard(hostClient, 'marked stage')).toMatchObject({
      myRole: 'owner',
      isFavorite: false,
    });
  });
});

describe('the public list as guests get it, one answer shared until something on it changes', () => {
  async function guestList(client: SessionClient, search: string) {
    const res = await client.call<{ value: RoomListResult }>('rooms.getPublicRoomsWithAuthors', {
      search,
    });
    expect(res.status).toBe(200);
    return res.body.value;
  }

  it('shows a new room, a rename, a listener and a removal on the next request', async ({
    t,
    f,
  }) => {
    const guest = f.guest();
    const { user: host, client: hostClient } = await f.signedInUser({ password: null });
    const first = await createRoom(t, { owner: host, name: 'Shared Early' });
    expect(names(await guestList(guest, 'shared'))).toEqual(['Shared Early']);
    expect(names(await guestList(guest, 'shared'))).toEqual(['Shared Early']);

    const created = await hostClient.call('rooms.create', {
      name: 'Shared Late',
      room_url: 'shared-late',
    });
    expect(created.status).toBe(200);
    expect(names(await guestList(guest, 'shared'))).toEqual(['Shared Late', 'Shared Early']);

    await hostClient.call('rooms.update', { id: first.id, name: 'Shared Renamed' });
    expect(names(await guestList(guest, 'shared'))).toEqual(['Shared Late', 'Shared Renamed']);

    const socket = await tabSocket(t, hostClient);
    try {
      expect(await join(socket, first.id)).toBe(true);
      expect(activeOnCards(await guestList(guest, 'shared'))).toEqual({
        'Shared Late': 0,
        'Shared Renamed': 1,
      });
    } finally {
      socket.close();
    }

    await hostClient.call('rooms.remove', { id: first.id });
    expect(await guestList(guest, 'shared')).toMatchObject({ total: 1, nextOffset: null });
    expect(names(await guestList(guest, 'shared'))).toEqual(['Shared Late']);
  });

  it('answers the same list whatever compression the client takes', async ({ t, f }) => {
    const { user: host } = await f.signedInUser({ password: null });
    for (let i = 0; i < 12; i++) {
      await createRoom(t, { owner: host, name: `Encoded ${i}`, description: 'x'.repeat(100) });
    }
    const ask = (encoding: string) =>
      fetch(`${t.url}/api/query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': encoding },
        body: JSON.stringify({
          path: 'rooms.getPublicRoomsWithAuthors',
          args: { search: 'encoded' },
        }),
      });
    const plain = await ask('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const expected = (await plain.json()) as { value: RoomListResult };
    expect(expected.value.total).toBe(12);
    for (const encoding of ['gzip', 'br', 'gzip;q=0.5, br;q=0.1']) {
      const res = await ask(encoding);
      expect(res.headers.get('content-encoding')).toBe(encoding.startsWith('gzip') ? 'gzip' : 'br');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await res.json()).toEqual(expected);
    }
  });
});
