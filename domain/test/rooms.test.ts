import { describe, expect, it } from 'vitest';
import {
  ROOM_ERRORS,
  ROOM_LIMITS,
  ROOM_URL_PATTERN,
  memberChangeRefusal,
  roleCan,
  roleRank,
  suggestRoomUrl,
  type RoomMemberRef,
} from '../src/rooms';
import { ROOM_FUNCTIONS } from '../src/contract/rooms';
import { asUserId } from '../src/ids';
import { roomListArgsSchema } from '../src/schemas/rooms';
import { VALIDATION } from '../src/schemas/auth';

const member = (
  userId: string,
  role: RoomMemberRef['role'],
  invitedBy: string | null = null,
): RoomMemberRef => ({
  userId: asUserId(userId),
  role,
  invitedBy: invitedBy === null ? null : asUserId(invitedBy),
});

describe('roleRank', () => {
  it('orders owner > admin > editor > participant > viewer > access states and strangers', () => {
    const ranks = ['owner', 'admin', 'editor', 'participant', 'viewer'].map((role) =>
      roleRank(role as RoomMemberRef['role']),
    );
    expect(ranks).toEqual([5, 4, 3, 2, 1]);
    expect([roleRank('requested'), roleRank('rejected'), roleRank(null)]).toEqual([0, 0, 0]);
  });

  it('grants nothing to access states', () => {
    expect(roleCan('requested', 'room.view')).toBe(false);
    expect(roleCan('rejected', 'room.view')).toBe(false);
    expect(roleCan('viewer', 'room.view')).toBe(true);
    expect(roleCan('admin', 'room.delete')).toBe(false);
  });
});

describe('memberChangeRefusal (spec §6 removal rules)', () => {
  const owner = member('o', 'owner');
  const admin = member('a', 'admin', 'o');
  const invitedByAdmin = member('v', 'viewer', 'a');
  const invitedByOwner = member('w', 'viewer', 'o');

  it.each([
    ['the owner removes anyone else', owner, invitedByAdmin, null],
    ['an admin removes whom they invited', admin, invitedByAdmin, null],
    ['never the owner', admin, owner, ROOM_ERRORS.cannotChangeOwner],
    ['not even the owner themself', owner, owner, ROOM_ERRORS.cannotChangeOwner],
    ['not oneself', admin, admin, ROOM_ERRORS.cannotChangeSelf],
    ['only users you invited', admin, invitedByOwner, ROOM_ERRORS.onlyInvitedByYou],
    ['never your inviter', member('b', 'admin', 'a'), admin, ROOM_ERRORS.cannotChangeInviter],
    [
      'users.manage is needed',
      member('e', 'editor', 'o'),
      member('x', 'viewer', 'e'),
      ROOM_ERRORS.insufficientPermissions,
    ],
    [
      'a requested user manages nobody',
      member('r', 'requested'),
      invitedByAdmin,
      ROOM_ERRORS.insufficientPermissions,
    ],
  ])('%s', (_name, actor, target, expected) => {
    expect(memberChangeRefusal(actor, target)).toBe(expected);
  });
});

describe('suggestRoomUrl', () => {
  it.each([
    ['Привет, мир!', 'privet-mir'],
    ['Щука и ёж', 'shchuka-i-ezh'],
    ['Объём Съезда', 'obem-sezda'],
    ['Café Müller', 'cafe-muller'],
    ['  Friday   Night ', 'friday-night'],
    ['Jazz & Blues 2024', 'jazz-blues-2024'],
    ['***', ''],
  ])('%s → %s', (name, url) => {
    expect(suggestRoomUrl(name)).toBe(url);
  });

  it('stays within the URL rules however long the name', () => {
    const url = suggestRoomUrl(`${'длинное название '.repeat(10)}`);
    expect(url.length).toBeLessThanOrEqual(ROOM_LIMITS.url.max);
    expect(url).toMatch(ROOM_URL_PATTERN);
  });
});

describe('room argument schemas', () => {
  it('fill in list defaults', () => {
    expect(roomListArgsSchema.parse({})).toEqual({
      sort: 'newest',
      favoritesOnly: false,
      offset: 0,
      limit: ROOM_LIMITS.pageSizeDefault,
    });
  });

  it('trim the name and lower-case the URL of a new room', () => {
    const parsed = ROOM_FUNCTIONS['rooms.create'].args.parse({
      name: ' Room ',
      room_url: 'My-Room',
    });
    expect(parsed).toMatchObject({ name: 'Room', room_url: 'my-room', visibility: 'public' });
  });

  it('name the rule each bad field breaks', () => {
    const result = ROOM_FUNCTIONS['rooms.create'].args.safeParse({ name: '   ', room_url: 'a b' });
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual([
      ['name', VALIDATION.required],
      ['room_url', VALIDATION.invalidFormat],
    ]);
  });
});
