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
