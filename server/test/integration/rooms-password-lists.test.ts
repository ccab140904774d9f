import type {
  RoomDetails,
  RoomInfo,
  RoomListResult,
  RoomSummary,
  UserId,
} from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import type { SessionClient } from '../helpers/factories';
import type { TestApp } from '../helpers/app';
import { join, tabSocket } from '../helpers/presence';
import { createRoom, newRoomPerson } from '../helpers/rooms';

// A password room shows strangers in lists and search what its gate shows: its name, its
// markers and its owner. No description, no members, no count of who is in it.

const PASSWORD = 'open sesame';

type ListArgs = Record<string, unknown>;

async function listed(client: SessionClient, path: string, args: ListArgs) {
  const res = await client.call<{ value: RoomListResult }>(path, args);
  expect(res.status).toBe(200);
  return res.body.value;
}

/** The card of the one room named `name` in a list, with its members as the list gives them. */
async function cardIn(client: SessionClient, path: string, args: ListArgs, name: string) {
  const list = await listed(client, path, args);
  const room = list.rooms.find((r) => r.name === name);
  return room
    ? { room, members: list.roomUsers[room._id], author: list.roomAuthors[room._id] }
    : null;
}

function expectOnlyName(card: Awaited<ReturnType<typeof cardIn>>, ownerId: UserId) {
  expect(card?.room).toMatchObject({
    hasPassword: true,
    description: '',
    memberCount: 0,
    activeUsers: 0,
    owner: ownerId,
  } satisfies Partial<RoomSummary>);
  expect(card?.members).toEqual([]);
  expect(card?.author?._id).toBe(ownerId);
}

/** A password room with a description, a member, a pending request, and a guest in it. */
async function lockedRoom(t: TestApp, name: string) {
  const [owner, member, asker] = [
    await newRoomPerson(t),
    await newRoomPerson(t),
    await newRoomPerson(t),
  ];
  const room = await createRoom(t, {
    owner: owner.user,
    name,
    description: `Tea and ${name.toLowerCase()} stories`,
    password: PASSWORD,
    members: [
      { user: member.user, role: 'editor' },
      { user: asker.user, role: 'requested' },
    ],
  });
  return { owner, member, asker, room };
}

const PUBLIC = 'rooms.getPublicRoomsWithAuthors';
const MINE = 'rooms.getUserRoomsWithAuthors';

describe('a password room in the lists', () => {
  test('the public list shows strangers only its name, marker and owner; members see it all', async ({
    t,
    f,
  }) => {
    const { owner, member, asker, room } = await lockedRoom(t, 'Quiet Vault');
    // A member loads the page first, so the cached page holds everything the room has.
    const full = await cardIn(member.client, PUBLIC, { search: 'quiet vault' }, 'Quiet Vault');
    expect(full?.room).toMatchObject({
      description: room.description,
      memberCount: 2,
      myRole: 'editor',
    });
    expect(full?.members?.map((m) => m._id)).toEqual([owner.user.id, member.user.id]);

    for (const stranger of [f.guest(), asker.client, (await newRoomPerson(t)).client]) {
      const card = await cardIn(stranger, PUBLIC, { search: 'quiet vault' }, 'Quiet Vault');
      expectOnlyName(card, owner.user.id);
    }
    // The same, however the list is sorted or paged.
    for (const sort of ['name', 'active', 'oldest']) {
      expectOnlyName(await cardIn(f.guest(), PUBLIC, { sort }, 'Quiet Vault'), owner.user.id);
    }
  });

  test('hides who is listening there now from strangers', async ({ t, f }) => {
    const { owner, room } = await lockedRoom(t, 'Busy Vault');
    const socket = await tabSocket(t, owner.client);
    try {
      expect(await join(socket, room.id)).toBe(true);
      const args = { search: 'busy vault', sort: 'active' };
      expect((await cardIn(owner.client, PUBLIC, args, 'Busy Vault'))?.room.activeUsers).toBe(1);
      expectOnlyName(await cardIn(f.guest(), PUBLIC, args, 'Busy Vault'), owner.user.id);
    } finally {
      socket.close();
    }
  });

  test('search finds it by name only: its description is not searched', async ({ t, f }) => {
    const { owner, member } = await lockedRoom(t, 'Hushed Vault');
    const byName = await listed(f.guest(), PUBLIC, { search: 'hushed' });
    expect(byName.rooms.map((r) => r.name)).toEqual(['Hushed Vault']);
    for (const client of [f.guest(), member.client, owner.client]) {
      const byDescription = await listed(client, PUBLIC, { search: 'tea and hushed' });
      expect(byDescription.total).toBe(0);
    }
  });

  test('"my rooms" of someone who only asked to join shows it as to any stranger', async ({
    t,
  }) => {
    const { owner, member, asker } = await lockedRoom(t, 'Asked Vault');
    const card = await cardIn(asker.client, MINE, { userId: asker.user.id }, 'Asked Vault');
    expect(card?.room.myRole).toBe('requested');
    expectOnlyName(card, owner.user.id);
    const searched = await cardIn(
      asker.client,
      MINE,
      { userId: asker.user.id, search: 'asked' },
      'Asked Vault',
    );
    expectOnlyName(searched, owner.user.id);
    const mine = await cardIn(member.client, MINE, { userId: member.user.id }, 'Asked Vault');
    expect(mine?.room).toMatchObject({ memberCount: 2, myRole: 'editor' });
    expect(mine?.room.description).not.toBe('');
  });

  test('favourites of a stranger who passed the gate, later refused, show only its name', async ({
    t,
  }) => {
    const { owner, room } = await lockedRoom(t, 'Starred Vault');
    const fan = await newRoomPerson(t);
    const issued = await fan.client.call<{ value: { token: string } }>(
      'rooms.generateAccessToken',
      {
        room_url: room.roomUrl,
        password: PASSWORD,
        session_id: 'fan-tab',
      },
    );
    const pass = { accessToken: issued.body.value.token, session_id: 'fan-tab' };
    const starred = await fan.client.call('rooms.toggleFavorite', {
      roomId: room.id,
      userId: fan.user.id,
      ...pass,
    });
    expect(starred.status).toBe(200);
    await fan.client.call('rooms.requestAccess', { roomId: room.id });
    await owner.client.call('rooms.rejectRequest', { roomId: room.id, userId: fan.user.id });

    const favourites = { favoritesOnly: true };
    const card = await cardIn(fan.client, PUBLIC, favourites, 'Starred Vault');
    expect(card?.room).toMatchObject({ isFavorite: true, myRole: 'rejected' });
    expectOnlyName(card, owner.user.id);

    // With the pass, the room itself still shows what the gate let them see.
    const opened = await fan.client.call<{ value: RoomDetails }>('rooms.get', {
      id: room.id,
      ...pass,
    });
    expect(opened.body.value.description).toBe(room.description);
    const info = await fan.client.call<{ value: RoomInfo }>('rooms.getRoomInfoByUrl', {
      room_url: room.roomUrl,
      ...pass,
    });
    expect(info.body.value.room).toMatchObject({ description: room.description, memberCount: 2 });
  });
});
