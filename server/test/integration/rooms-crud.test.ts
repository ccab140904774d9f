import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import {
  ROOM_ERRORS,
  VALIDATION,
  type RoomDetails,
  type RoomInfo,
  type RoomId,
} from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, type SessionClient } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';
import { roomAccessTokens, roomFavorites, roomUsers, rooms } from '../../src/db/schema';
import type { UserRow } from '../../src/services/accounts/users-store';

let t: TestApp;
let owner: UserRow;
let client: SessionClient;

beforeAll(async () => {
  t = await startTestApp();
  owner = (await factories(t).user({ password: null })).user;
  client = await clientFor(t, owner);
});
afterAll(async () => t?.close());

const roomCount = async () =>
  (await t.app.database.db.select({ n: count() }).from(rooms))[0]?.n ?? 0;

type Issue = { path: string; message: string };
const issues = (body: { errorData: Record<string, unknown> }) =>
  Object.fromEntries(
    ((body.errorData.issues ?? []) as Issue[]).map((issue) => [issue.path, issue.message]),
  );

describe('rooms.create', () => {
  it('stores the room with its owner, trimmed name and lower-case URL', async () => {
    const res = await client.call('rooms.create', {
      name: '  Friday Night  ',
      room_url: 'Friday-Night',
      description: 'Songs',
      visibility: 'hidden',
    });
    expect(res.body.value).toMatchObject({ room_url: 'friday-night' });
    const id = (res.body.value as { _id: string })._id;
    const view = await client.call<{ value: RoomDetails }>('rooms.get', { id });
    expect(view.body.value).toMatchObject({
      name: 'Friday Night',
      description: 'Songs',
      visibility: 'hidden',
      hasPassword: false,
      owner: owner.id,
      myRole: 'owner',
      memberCount: 1,
    });
  });

  it.each([
    [{ name: '', room_url: 'valid-url' }, 'name', VALIDATION.required],
    [{ name: 'x'.repeat(51), room_url: 'valid-url' }, 'name', VALIDATION.maxLength],
    [{ name: 'Room', room_url: 'ab' }, 'room_url', VALIDATION.minLength],
    [{ name: 'Room', room_url: 'a'.repeat(51) }, 'room_url', VALIDATION.maxLength],
    [{ name: 'Room', room_url: 'no spaces' }, 'room_url', VALIDATION.invalidFormat],
    [{ name: 'Room', room_url: 'double--hyphen' }, 'room_url', VALIDATION.invalidFormat],
    [
      { name: 'Room', room_url: 'ok-url', description: 'x'.repeat(501) },
      'description',
      VALIDATION.maxLength,
    ],
    [{ name: 'Room', room_url: 'ok-url', password: '' }, 'password', VALIDATION.required],
    [
      { name: 'Room', room_url: 'ok-url', password: 'p'.repeat(101) },
      'password',
      VALIDATION.maxLength,
    ],
    [
      { name: 'Room', room_url: 'ok-url', visibility: 'secret' },
      'visibility',
      VALIDATION.invalidFormat,
    ],
  ])('refuses %j (%s: %s) and creates nothing', async (args, field, message) => {
    const before = await roomCount();
    const res = await client.call('rooms.create', args);
    expect(res.status).toBe(560);
    expect(res.body.errorData.code).toBe('invalid_args');
    expect(issues(res.body)[field]).toBe(message);
    expect(await roomCount()).toBe(before);
  });

  it('a guest is told to sign in', async () => {
    const res = await factories(t).guest().call('rooms.create', { name: 'R', room_url: 'guest-r' });
    expect(res.body).toMatchObject({
      errorMessage: 'You must be logged in to perform this action',
      errorData: { code: 'not_signed_in', key: ROOM_ERRORS.notSignedIn },
    });
  });
});

describe('room URL uniqueness', () => {
  let roomId: RoomId;
  beforeAll(async () => {
    roomId = (await createRoom(t, { owner, roomUrl: 'taken-url' })).id;
  });

  it('"This URL is already taken" whatever the case, and nothing is created', async () => {
    const before = await roomCount();
    const res = await client.call('rooms.create', { name: 'Another', room_url: 'TAKEN-URL' });
    expect(res.body).toMatchObject({
      errorMessage: 'This URL is already taken',
      errorData: { code: 'conflict', key: ROOM_ERRORS.urlTaken, field: 'room_url' },
    });
    expect(await roomCount()).toBe(before);
  });

  it('getRoomInfoByUrl: taken for others, available for the room being edited', async () => {
    const info = async (args: Record<string, unknown>) =>
      (await client.call<{ value: RoomInfo }>('rooms.getRoomInfoByUrl', args)).body.value;
    expect(await info({ room_url: 'Taken-Url' })).toMatchObject({
      roomExists: true,
      urlAvailable: false,
    });
    expect(await info({ room_url: 'taken-url', exclude_id: roomId })).toMatchObject({
      urlAvailable: true,
    });
    expect(await info({ room_url: 'free-url' })).toEqual({
      room: null,
      requiresPassword: false,
      roomExists: false,
      urlAvailable: true,
      unavailable: false,
    });
  });

  it('rooms.update keeps its own URL and refuses another room’s', async () => {
    const same = await client.call('rooms.update', { id: roomId, room_url: 'Taken-URL' });
    expect(same.status).toBe(200);
    await createRoom(t, { owner, roomUrl: 'other-url' });
    const clash = await client.call('rooms.update', { id: roomId, room_url: 'other-url' });
    expect(clash.body.errorData.key).toBe(ROOM_ERRORS.urlTaken);
    const [row] = await t.app.database.db.select().from(rooms).where(eq(rooms.id, roomId));
    expect(row?.roomUrl).toBe('taken-url');
  });
});

describe('rooms.update and rooms.remove', () => {
  it('changes only the fields given; a bad field changes nothing', async () => {
    const room = await createRoom(t, { owner, name: 'Before', description: 'Keep me' });
    const bad = await client.call('rooms.update', { id: room.id, name: 'After', room_url: 'x' });
    expect(bad.body.errorData.code).toBe('invalid_args');
    const res = await client.call<{ value: RoomDetails }>('rooms.update', {
      id: room.id,
      name: 'After',
      password: 'new secret',
    });
    expect(res.body.value).toMatchObject({
      name: 'After',
      description: 'Keep me',
      hasPassword: true,
    });
    const removed = await client.call<{ value: RoomDetails }>('rooms.update', {
      id: room.id,
      password: null,
    });
    expect(removed.body.value.hasPassword).toBe(false);
  });

  it('rooms.get answers null for a room that does not exist', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await client.call('rooms.get', { id });
      expect(res.body).toMatchObject({ status: 'success', value: null });
    }
  });

  it('remove deletes the room with its members, favourites and passes', async () => {
    const member = (await factories(t).user({ password: null })).user;
    const room = await createRoom(t, {
      owner,
      password: 'pw',
      members: [{ user: member, role: 'viewer' }],
    });
    const db = t.app.database.db;
    await db.insert(roomFavorites).values({ roomId: room.id, userId: member.id });
    await client.call('rooms.generateAccessToken', {
      room_url: room.roomUrl,
      password: 'pw',
      session_id: 'tab',
    });
    const res = await client.call('rooms.remove', { id: room.id });
    expect(res.body.value).toEqual({ removed: true });
    for (const table of [roomUsers, roomFavorites, roomAccessTokens]) {
      const [row] = await db.select({ n: count() }).from(table).where(eq(table.roomId, room.id));
      expect(row?.n).toBe(0);
    }
    expect((await client.call('rooms.get', { id: room.id })).body.value).toBeNull();
  });
});
