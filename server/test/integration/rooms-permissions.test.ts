import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories } from '../helpers/factories';
import {
  castOfCallers,
  FB,
  NS,
  OK,
  PUBLIC_COLUMNS,
  PW,
  ROOM_PASSWORD,
  roomWithEveryRole,
  UN,
  type Cast,
  type Outcome,
  type PermissionColumn,
} from '../helpers/permission-table';
import { roomUsers } from '../../src/db/schema';
import { appFunctions } from '../../src/functions';
import type { RoomRow } from '../../src/services/rooms/store';

/**
 * Every rooms.* function called by every kind of caller, allowed or refused exactly as the
 * spec's rules say (§4 Room visibility and access, §6 roles). The table is written out by
 * hand from those rules, not derived from the capability table the server uses.
 */

/**
 * Who calls, on which room: everyone on a public room; strangers and guests on the other kinds,
 * and members there too (a role lets them in without the password).
 */
const COLUMNS = [
  ...PUBLIC_COLUMNS,
  { name: 'stranger, hidden room', actor: 'stranger', visibility: 'hidden' },
  { name: 'stranger, password room', actor: 'stranger', visibility: 'public', password: true },
  { name: 'stranger, invite-only room', actor: 'stranger', visibility: 'inviteOnly' },
  { name: 'guest, hidden room', actor: 'guest', visibility: 'hidden' },
  { name: 'guest, password room', actor: 'guest', visibility: 'public', password: true },
  { name: 'viewer, password room', actor: 'viewer', visibility: 'public', password: true },
  { name: 'admin, hidden room', actor: 'admin', visibility: 'hidden' },
  { name: 'editor, invite-only room', actor: 'editor', visibility: 'inviteOnly' },
] as const satisfies readonly PermissionColumn[];
type Column = (typeof COLUMNS)[number];

// Columns: owner admin editor participant viewer requested rejected stranger guest |
// stranger: hidden password inviteOnly | guest: hidden password | viewer password, admin hidden,
// editor inviteOnly
// prettier-ignore
const EXPECTED: Record<string, Outcome[]> = {
  'rooms.get':                       [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, OK, PW, OK, OK, OK],
  'rooms.update':                    [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, OK, FB],
  'rooms.remove':                    [OK, FB, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, FB, FB],
  'rooms.getPublicRoomsWithAuthors': [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.getUserRoomsWithAuthors':   [OK, OK, OK, OK, OK, OK, OK, OK, NS, OK, OK, OK, NS, NS, OK, OK, OK],
  'rooms.getRoomInfoByUrl':          [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.checkPassword':             [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.generateAccessToken':       [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.verifyAccessToken':         [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.cleanupExpiredTokens':      [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.toggleFavorite':            [OK, OK, OK, OK, OK, OK, OK, OK, NS, OK, PW, UN, NS, NS, OK, OK, OK],
  'rooms.requestAccess':             [OK, OK, OK, OK, OK, OK, OK, OK, NS, OK, OK, UN, NS, NS, OK, OK, OK],
  'rooms.getRoomUsers':              [OK, OK, OK, OK, OK, FB, FB, FB, FB, FB, FB, UN, FB, FB, OK, OK, OK],
  'rooms.listeners':                 [OK, OK, OK, OK, OK, FB, FB, FB, FB, FB, FB, UN, FB, FB, OK, OK, OK],
  'rooms.addUser':                   [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, OK, FB],
  'rooms.updateUserRole':            [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, OK, FB],
  'rooms.removeUser':                [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, OK, FB],
  'rooms.approveRequest':            [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, OK, FB],
  'rooms.rejectRequest':             [OK, OK, FB, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, NS, FB, OK, FB],
  'rooms.create':                    [OK, OK, OK, OK, OK, OK, OK, OK, NS, OK, OK, OK, NS, NS, OK, OK, OK],
  'rooms.getAddedNotices':           [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, OK],
  'rooms.dismissAddedNotice':        [OK, OK, OK, OK, OK, OK, OK, OK, NS, OK, OK, OK, NS, NS, OK, OK, OK],
};

const PASSWORD = ROOM_PASSWORD;

let t: TestApp;
let people: Cast['people'];
let clients: Cast['clients'];

beforeAll(async () => {
  t = await startTestApp();
  ({ people, clients } = await castOfCallers(t));
});

afterAll(async () => t?.close());

/** A fresh room for one call, with a member in every role. */
const roomFor = (column: Column) => roomWithEveryRole(t, people, column);

type Call = { room: RoomRow; actorId: UserId | null };

/**
 * A new user in the room: a viewer the actor invited (so the removal rules let an admin act on
 * them), or a pending request.
 */
async function targetIn({ room, actorId }: Call, role: 'viewer' | 'requested') {
  const { user } = await factories(t).user({ password: null });
  await t.app.database.db.insert(roomUsers).values({
    roomId: room.id,
    userId: user.id,
    role,
    invitedBy: role === 'requested' ? null : (actorId ?? people.owner.id),
  });
  return user;
}

let urlCounter = 0;
const ARGS: Record<string, (call: Call) => Promise<Record<string, unknown>>> = {
  'rooms.get': async ({ room }) => ({ id: room.id }),
  'rooms.update': async ({ room }) => ({ id: room.id, name: 'Renamed' }),
  'rooms.remove': async ({ room }) => ({ id: room.id }),
  'rooms.getPublicRoomsWithAuthors': async () => ({}),
  'rooms.getUserRoomsWithAuthors': async ({ actorId }) => ({
    userId: actorId ?? people.stranger.id,
  }),
  'rooms.getRoomInfoByUrl': async ({ room }) => ({ room_url: room.roomUrl }),
  'rooms.checkPassword': async ({ room }) => ({ room_url: room.roomUrl, password: PASSWORD }),
  'rooms.generateAccessToken': async ({ room }) => ({
    room_url: room.roomUrl,
    password: PASSWORD,
    session_id: 'tab-1',
  }),
  'rooms.verifyAccessToken': async ({ room }) => ({
    room_url: room.roomUrl,
    token: 'not-a-token',
    session_id: 'tab-1',
  }),
  'rooms.cleanupExpiredTokens': async () => ({}),
  'rooms.toggleFavorite': async ({ room, actorId }) => ({
    roomId: room.id,
    userId: actorId ?? people.stranger.id,
  }),
  'rooms.requestAccess': async ({ room }) => ({ roomId: room.id }),
  'rooms.getRoomUsers': async ({ room }) => ({ roomId: room.id }),
  'rooms.listeners': async ({ room }) => ({ roomId: room.id }),
  'rooms.addUser': async ({ room }) => ({
    roomId: room.id,
    usernameOrEmail: (await factories(t).user({ password: null })).user.username,
    role: 'viewer',
  }),
  'rooms.updateUserRole': async (call) => ({
    roomId: call.room.id,
    userId: (await targetIn(call, 'viewer')).id,
    role: 'editor',
  }),
  'rooms.removeUser': async (call) => ({
    roomId: call.room.id,
    userId: (await targetIn(call, 'viewer')).id,
  }),
  'rooms.approveRequest': async (call) => ({
    roomId: call.room.id,
    userId: (await targetIn(call, 'requested')).id,
    role: 'participant',
  }),
  'rooms.rejectRequest': async (call) => ({
    roomId: call.room.id,
    userId: (await targetIn(call, 'requested')).id,
  }),
  'rooms.create': async () => ({ name: 'New room', room_url: `new-room-${++urlCounter}` }),
  'rooms.getAddedNotices': async () => ({}),
  'rooms.dismissAddedNotice': async ({ room }) => ({ roomId: room.id }),
};

describe.each(Object.entries(EXPECTED))('%s', (path, outcomes) => {
  it.each(COLUMNS.map((column, i) => ({ column, expected: outcomes[i]! })))(
    '$column.name: $expected',
    async ({ column, expected }) => {
      const room = await roomFor(column);
      const actorId = column.actor === 'guest' ? null : people[column.actor].id;
      const args = await ARGS[path]!({ room, actorId });
      const res = await clients[column.actor].call(path, args);
      if (expected === OK) {
        expect(res.body.errorData, JSON.stringify(res.body)).toBeUndefined();
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(560);
        expect(res.body.errorData.code).toBe(expected);
        expect(res.body.errorData.key).toMatch(/^rooms\.errors\./);
      }
    },
  );
});

it('covers every rooms function the server offers, and nothing it does not', () => {
  const offered = appFunctions
    .map((definition) => definition.path)
    .filter((path) => path.startsWith('rooms.'))
    .sort();
  expect(Object.keys(EXPECTED).sort()).toEqual(offered);
  expect(Object.keys(ARGS).sort()).toEqual(offered);
  for (const outcomes of Object.values(EXPECTED)) expect(outcomes).toHaveLength(COLUMNS.length);
});
