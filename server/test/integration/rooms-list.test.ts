import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_LIMITS, type RoomListResult } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, type SessionClient } from '../helpers/factories';
import { connect, fetchToken, LiveQueryRecorder } from '../helpers/realtime';
import { createRoom } from '../helpers/rooms';
import type { RoomRow } from '../../src/services/rooms/store';
import type { UserRow } from '../../src/services/accounts/users-store';

let t: TestApp;
let owner: UserRow;
let viewer: UserRow;
let viewerClient: SessionClient;
const seeded: Record<string, RoomRow> = {};

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 0, minutes));

beforeAll(async () => {
  t = await startTestApp();
  const f = factories(t);
  owner = (await f.user({ password: null })).user;
  viewer = (await f.user({ password: null })).user;
  viewerClient = await clientFor(t, viewer);
  const rooms = [
    { key: 'alpha', name: 'Alpha Jazz', description: 'Saxophones' },
    { key: 'beta', name: 'beta rock', description: 'Guitars' },
    { key: 'gamma', name: 'Gamma Club', description: 'Smooth JAZZ all night' },
    { key: 'hidden', name: 'Hidden Jazz', visibility: 'hidden' as const },
    {
      key: 'secret',
      name: 'Secret',
      description: 'private jazz',
      visibility: 'inviteOnly' as const,
    },
    { key: 'locked', name: 'Locked 100%', password: 'pw' },
  ];
  for (const [i, room] of rooms.entries()) {
    seeded[room.key] = await createRoom(t, { owner, createdAt: at(i), ...room });
  }
});
afterAll(async () => t?.close());

async function list(args: Record<string, unknown>, client = viewerClient) {
  const res = await client.call<{ value: RoomListResult }>('rooms.getPublicRoomsWithAuthors', args);
  expect(res.status).toBe(200);
  return res.body.value;
}
const names = (result: RoomListResult) => result.rooms.map((room) => room.name);

describe('the public list', () => {
  it('holds every room but hidden ones, newest first by default', async () => {
    const result = await list({});
    expect(names(result)).toEqual([
      'Locked 100%',
      'Secret',
      'Gamma Club',
      'beta rock',
      'Alpha Jazz',
    ]);
    expect(result.total).toBe(5);
    expect(result.nextOffset).toBeNull();
    expect(result.roomAuthors[seeded.alpha!.id]).toMatchObject({ _id: owner.id });
  });

  it('marks a password room and shows an invite-only room without its content', async () => {
    const result = await list({});
    const byName = Object.fromEntries(result.rooms.map((room) => [room.name, room]));
    expect(byName['Locked 100%']).toMatchObject({ hasPassword: true, visibility: 'public' });
    expect(byName.Secret).toMatchObject({ visibility: 'inviteOnly', description: '' });
    expect(result.roomUsers[seeded.secret!.id]).toEqual([]);
  });

  it('searches names and descriptions, any case, wildcards taken literally', async () => {
    expect(names(await list({ search: 'JAZZ' }))).toEqual(['Gamma Club', 'Alpha Jazz']);
    expect(names(await list({ search: '  rock ' }))).toEqual(['beta rock']);
    expect(names(await list({ search: 'private' }))).toEqual([]);
    expect(names(await list({ search: '100%' }))).toEqual(['Locked 100%']);
    expect(names(await list({ search: '_' }))).toEqual([]);
  });

  it('sorts by name both ways and by age', async () => {
    expect(names(await list({ sort: 'name' }))).toEqual([
      'Alpha Jazz',
      'beta rock',
      'Gamma Club',
      'Locked 100%',
      'Secret',
    ]);
    expect(names(await list({ sort: 'nameDesc' }))[0]).toBe('Secret');
    expect(names(await list({ sort: 'oldest' }))[0]).toBe('Alpha Jazz');
  });

  it('pages with offset and limit', async () => {
    const first = await list({ sort: 'oldest', limit: 2 });
    expect(names(first)).toEqual(['Alpha Jazz', 'beta rock']);
    expect(first).toMatchObject({ total: 5, nextOffset: 2 });
    const last = await list({ sort: 'oldest', limit: 2, offset: 4 });
    expect(names(last)).toEqual(['Locked 100%']);
    expect(last.nextOffset).toBeNull();
    const past = await list({ limit: 2, offset: 40 });
    expect(past).toMatchObject({ rooms: [], total: 5, nextOffset: null });
  });

  it.each([
    [{ limit: 0 }],
    [{ limit: ROOM_LIMITS.pageSizeMax + 1 }],
    [{ offset: -1 }],
    [{ sort: 'random' }],
    [{ search: 'x'.repeat(ROOM_LIMITS.searchMax + 1) }],
  ])('refuses %j', async (args) => {
    const res = await viewerClient.call('rooms.getPublicRoomsWithAuthors', args);
    expect(res.body.errorData.code).toBe('invalid_args');
  });

  it('shows the owner and a few members on each card, and counts them all', async () => {
    const f = factories(t);
    const members = [];
    for (let i = 0; i < 6; i++) members.push((await f.user({ password: null })).user);
    const room = await createRoom(t, {
      owner,
      name: 'Crowded',
      members: members.map((user) => ({ user, role: 'viewer' as const })),
    });
    const result = await list({ search: 'crowded' });
    expect(result.rooms[0]).toMatchObject({ memberCount: 7, myRole: null, isFavorite: false });
    const shown = result.roomUsers[room.id]!;
    expect(shown).toHaveLength(ROOM_LIMITS.cardMembersMax);
    expect(shown[0]?._id).toBe(owner.id);
  });
});

describe('favourites', () => {
  it('toggle on and off, and favoritesOnly lists only them', async () => {
    const roomId = seeded.beta!.id;
    const on = await viewerClient.call('rooms.toggleFavorite', { roomId, userId: viewer.id });
    expect(on.body.value).toEqual({ isFavorite: true });
    const favorites = await list({ favoritesOnly: true });
    expect(names(favorites)).toEqual(['beta rock']);
    expect(favorites.rooms[0]?.isFavorite).toBe(true);
    expect(names(await list({ favoritesOnly: true }, factories(t).guest()))).toEqual([]);
    const off = await viewerClient.call('rooms.toggleFavorite', { roomId, userId: viewer.id });
    expect(off.body.value).toEqual({ isFavorite: false });
    expect(names(await list({ favoritesOnly: true }))).toEqual([]);
  });

  it('only for oneself', async () => {
    const res = await viewerClient.call('rooms.toggleFavorite', {
      roomId: seeded.alpha!.id,
      userId: owner.id,
    });
    expect(res.body.errorData.code).toBe('forbidden');
    expect(names(await list({ favoritesOnly: true }, await clientFor(t, owner)))).toEqual([]);
  });
});

describe('my rooms', () => {
  it('owned rooms, rooms with a role and pending requests, with the role of each', async () => {
    const f = factories(t);
    const { user: me, client } = await f.signedInUser({ password: null });
    const mine = await createRoom(t, { owner: me, name: 'Mine', visibility: 'hidden' });
    await createRoom(t, { owner, name: 'Member', members: [{ user: me, role: 'editor' }] });
    await createRoom(t, { owner, name: 'Asked', members: [{ user: me, role: 'requested' }] });
    await createRoom(t, { owner, name: 'Refused', members: [{ user: me, role: 'rejected' }] });
    const res = await client.call<{ value: RoomListResult }>('rooms.getUserRoomsWithAuthors', {
      userId: me.id,
      sort: 'name',
    });
    expect(res.body.value.rooms.map((room) => [room.name, room.myRole])).toEqual([
      ['Asked', 'requested'],
      ['Member', 'editor'],
      ['Mine', 'owner'],
    ]);
    expect(res.body.value.rooms.find((room) => room._id === mine.id)?.visibility).toBe('hidden');
    const others = await client.call('rooms.getUserRoomsWithAuthors', { userId: owner.id });
    expect(others.body.errorData.code).toBe('forbidden');
  });
});

describe('live list', () => {
  it('a guest watching the list sees a room another user creates', async () => {
    const socket = await connect(t, (await fetchToken(t)).token);
    try {
      const live = new LiveQueryRecorder(socket);
      const first = await live.subscribe('all', 'rooms.getPublicRoomsWithAuthors', {
        search: 'brand new',
      });
      expect(first).toMatchObject({ kind: 'value', value: { rooms: [], total: 0 } });
      const created = await viewerClient.call('rooms.create', {
        name: 'Brand New Room',
        room_url: 'brand-new-room',
      });
      expect(created.status).toBe(200);
      const next = await live.next('all');
      expect(next).toMatchObject({ kind: 'value', value: { total: 1 } });
    } finally {
      socket.close();
    }
  });

  it('the owner watching "my rooms" sees a member join the count', async () => {
    const { user: me, client } = await factories(t).signedInUser({ password: null });
    const room = await createRoom(t, { owner: me, name: 'Counted' });
    const socket = await connect(t, (await fetchToken(t, { cookie: client.cookie() })).token);
    try {
      const live = new LiveQueryRecorder(socket);
      await live.subscribe('mine', 'rooms.getUserRoomsWithAuthors', { userId: me.id });
      await client.call('rooms.addUser', {
        roomId: room.id,
        usernameOrEmail: viewer.email,
        role: 'viewer',
      });
      const value = (await live.until(
        'mine',
        (v) => (v as RoomListResult).rooms[0]?.memberCount === 2,
      )) as RoomListResult;
      expect(value.roomUsers[room.id]?.map((user) => user._id)).toEqual([me.id, viewer.id]);
    } finally {
      socket.close();
    }
  });
});

describe('one public list for everyone, each viewer with their own marks', () => {
  it('shows each viewer their own role and favourite on the same page', async () => {
    const f = factories(t);
    const { user: fan, client: fanClient } = await f.signedInUser({ password: null });
    const room = await createRoom(t, {
      owner,
      name: 'Shared Stage',
      members: [{ user: viewer, role: 'editor' }],
    });
    await fanClient.call('rooms.toggleFavorite', { roomId: room.id, userId: fan.id });
    const card = async (client: SessionClient) =>
      (await list({ search: 'shared stage' }, client)).rooms[0];
    expect(await card(viewerClient)).toMatchObject({ myRole: 'editor', isFavorite: false });
    expect(await card(fanClient)).toMatchObject({ myRole: null, isFavorite: true });
    expect(await card(await clientFor(t, owner))).toMatchObject({ myRole: 'owner' });
    expect(await card(f.guest())).toMatchObject({ myRole: null, isFavorite: false });
  });

  it('shows a change at once: a new room, a renamed author, a new member', async () => {
    const f = factories(t);
    const { user: author, client } = await f.signedInUser({ password: null });
    const before = await list({ search: 'fresh paint' });
    expect(before.total).toBe(0);
    const created = await client.call<{ value: { _id: string } }>('rooms.create', {
      name: 'Fresh Paint',
      room_url: 'fresh-paint',
    });
    const after = await list({ search: 'fresh paint' });
    expect(after.total).toBe(1);
    const roomId = created.body.value._id;
    await client.call('users.updateUserProfile', { id: author.id, name: 'Renamed' });
    expect((await list({ search: 'fresh paint' })).roomAuthors[roomId]?.name).toBe('Renamed');
    await client.call('rooms.addUser', {
      roomId,
      usernameOrEmail: viewer.username,
      role: 'viewer',
    });
    expect((await list({ search: 'fresh paint' })).rooms[0]?.memberCount).toBe(2);
  });

  it('hides who is in an invite-only room from those not in it', async () => {
    const f = factories(t);
    const { user: insider, client: insiderClient } = await f.signedInUser({ password: null });
    await createRoom(t, {
      owner,
      name: 'Backroom',
      visibility: 'inviteOnly',
      members: [{ user: insider, role: 'viewer' }],
    });
    const stranger = (await list({ search: 'backroom' }, f.guest())).rooms[0];
    expect(stranger).toMatchObject({ memberCount: 0, activeUsers: 0, description: '' });
    const member = (await list({ search: 'backroom' }, insiderClient)).rooms[0];
    expect(member).toMatchObject({ memberCount: 2, myRole: 'viewer' });
  });
});
