import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_ERRORS, type RoomId, type RoomUsersResult } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, type SessionClient } from '../helpers/factories';
import {
  createRoom,
  expectRefused,
  newRoomPerson,
  roleOf,
  type RoomPerson,
} from '../helpers/rooms';
import { findRoomUser } from '../../src/services/rooms/store';
import type { UserRow } from '../../src/services/accounts/users-store';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(async () => t?.close());

const newUser = async () => (await factories(t).user({ password: null })).user;
const person = () => newRoomPerson(t);
type Person = RoomPerson;
const roleIn = (roomId: RoomId, user: UserRow) => roleOf(t, roomId, user);

describe('removal rules (spec §6)', () => {
  // owner → admin A (invited by owner) → admin B (invited by A) → viewer C (invited by B),
  // and viewer D invited by the owner.
  let owner: Person, adminA: Person, adminB: Person;
  let viewerC: UserRow, viewerD: UserRow;
  let roomId: RoomId;

  beforeAll(async () => {
    [owner, adminA, adminB] = [await person(), await person(), await person()];
    [viewerC, viewerD] = [await newUser(), await newUser()];
    const room = await createRoom(t, {
      owner: owner.user,
      members: [
        { user: adminA.user, role: 'admin' },
        { user: adminB.user, role: 'admin', invitedBy: adminA.user },
        { user: viewerC, role: 'viewer', invitedBy: adminB.user },
        { user: viewerD, role: 'viewer' },
      ],
    });
    roomId = room.id;
  });

  it('never the room owner, whoever asks', async () => {
    const res = await adminA.client.call('rooms.removeUser', { roomId, userId: owner.user.id });
    expectRefused(res, ROOM_ERRORS.cannotChangeOwner);
    expectRefused(
      await owner.client.call('rooms.removeUser', { roomId, userId: owner.user.id }),
      ROOM_ERRORS.cannotChangeOwner,
    );
  });

  it('only users you invited: an admin cannot remove a viewer someone else invited', async () => {
    const res = await adminA.client.call('rooms.removeUser', { roomId, userId: viewerD.id });
    expectRefused(res, ROOM_ERRORS.onlyInvitedByYou);
    expect(await roleIn(roomId, viewerD)).toBe('viewer');
  });

  it('never the user who invited you', async () => {
    const res = await adminB.client.call('rooms.removeUser', { roomId, userId: adminA.user.id });
    expectRefused(res, ROOM_ERRORS.cannotChangeInviter);
    const change = await adminB.client.call('rooms.updateUserRole', {
      roomId,
      userId: adminA.user.id,
      role: 'viewer',
    });
    expectRefused(change, ROOM_ERRORS.cannotChangeInviter);
    expect(await roleIn(roomId, adminA.user)).toBe('admin');
  });

  it('not yourself', async () => {
    const res = await adminA.client.call('rooms.updateUserRole', {
      roomId,
      userId: adminA.user.id,
      role: 'editor',
    });
    expectRefused(res, ROOM_ERRORS.cannotChangeSelf);
  });

  it('sufficient permissions: a viewer removes nobody', async () => {
    const viewerClient = await clientFor(t, viewerC);
    const res = await viewerClient.call('rooms.removeUser', { roomId, userId: viewerD.id });
    expectRefused(res, ROOM_ERRORS.insufficientPermissions);
  });

  it('an admin changes and removes a user they invited; the owner anyone', async () => {
    const change = await adminB.client.call('rooms.updateUserRole', {
      roomId,
      userId: viewerC.id,
      role: 'participant',
    });
    expect(change.body.value).toEqual({ role: 'participant' });
    expect(await roleIn(roomId, viewerC)).toBe('participant');
    const removed = await adminB.client.call('rooms.removeUser', { roomId, userId: viewerC.id });
    expect(removed.body.value).toEqual({ removed: true });
    expect(await roleIn(roomId, viewerC)).toBeNull();
    await owner.client.call('rooms.removeUser', { roomId, userId: viewerD.id });
    expect(await roleIn(roomId, viewerD)).toBeNull();
  });

  it('the owner role is never assignable', async () => {
    const res = await owner.client.call('rooms.updateUserRole', {
      roomId,
      userId: adminA.user.id,
      role: 'owner',
    });
    expect(res.body.errorData.code).toBe('invalid_args');
    expect(await roleIn(roomId, adminA.user)).toBe('admin');
  });

  it('getRoomUsers marks whom the viewer may manage', async () => {
    const res = await adminA.client.call<{ value: RoomUsersResult }>('rooms.getRoomUsers', {
      roomId,
    });
    const manageable = Object.fromEntries(
      res.body.value.members.map((member) => [member.user._id, member.manageable]),
    );
    expect(manageable).toEqual({
      [owner.user.id]: false,
      [adminA.user.id]: false,
      [adminB.user.id]: true,
    });
    expect(res.body.value.members.map((member) => member.refusal)).toEqual([
      ROOM_ERRORS.cannotChangeOwner,
      ROOM_ERRORS.cannotChangeSelf,
      null,
    ]);
    expect(res.body.value.members.map((member) => member.role)).toEqual([
      'owner',
      'admin',
      'admin',
    ]);
  });
});

describe('access requests (spec §4 Room access)', () => {
  let owner: SessionClient;
  let roomId: RoomId;
  let asker: Person;

  beforeAll(async () => {
    const o = await person();
    owner = o.client;
    roomId = (await createRoom(t, { owner: o.user })).id;
    asker = await person();
  });

  const ask = async () =>
    (await asker.client.call<{ value: { status: string } }>('rooms.requestAccess', { roomId })).body
      .value.status;

  it('asking gives requested, asking again alreadyRequested', async () => {
    expect(await ask()).toBe('requested');
    expect(await ask()).toBe('alreadyRequested');
    expect(await roleIn(roomId, asker.user)).toBe('requested');
  });

  it('requests show only to those who may manage users', async () => {
    const res = await owner.call<{ value: RoomUsersResult }>('rooms.getRoomUsers', { roomId });
    expect(res.body.value.requests.map((request) => request.user._id)).toEqual([asker.user.id]);
    const viewer = await person();
    await owner.call('rooms.addUser', {
      roomId,
      usernameOrEmail: viewer.user.email,
      role: 'viewer',
    });
    const seen = await viewer.client.call<{ value: RoomUsersResult }>('rooms.getRoomUsers', {
      roomId,
    });
    expect(seen.body.value.requests).toEqual([]);
    expect(seen.body.value.members).toHaveLength(2);
  });

  it('a rejected user is told so and cannot ask again', async () => {
    const res = await owner.call('rooms.rejectRequest', { roomId, userId: asker.user.id });
    expect(res.body.value).toEqual({ role: 'rejected' });
    expect(await ask()).toBe('rejected');
    expect(await roleIn(roomId, asker.user)).toBe('rejected');
    const view = await asker.client.call('rooms.get', { id: roomId });
    expect(view.body.value).toMatchObject({ myRole: 'rejected', capabilities: ['room.view'] });
  });

  it('approval gives the role, with the approver as inviter', async () => {
    const res = await owner.call('rooms.approveRequest', {
      roomId,
      userId: asker.user.id,
      role: 'editor',
    });
    expect(res.body.value).toEqual({ role: 'editor' });
    const row = await findRoomUser(t.app.database.db, roomId, asker.user.id);
    expect(row).toMatchObject({ role: 'editor' });
    expect(row?.invitedBy).not.toBeNull();
    expect(await ask()).toBe('member');
    const view = await asker.client.call('rooms.get', { id: roomId });
    expect(view.body.value).toMatchObject({ myRole: 'editor' });
  });

  it('approving someone who is already a member is refused', async () => {
    const res = await owner.call('rooms.approveRequest', {
      roomId,
      userId: asker.user.id,
      role: 'viewer',
    });
    expectRefused(res, ROOM_ERRORS.alreadyMember);
    expect(await roleIn(roomId, asker.user)).toBe('editor');
  });
});

describe('adding users', () => {
  let owner: Person;
  let roomId: RoomId;
  beforeAll(async () => {
    owner = await person();
    roomId = (await createRoom(t, { owner: owner.user })).id;
  });

  it('by username or e-mail, any case, with the caller as inviter', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const byName = await owner.client.call('rooms.addUser', {
      roomId,
      usernameOrEmail: a.username.toUpperCase(),
      role: 'participant',
    });
    expect(byName.body.value).toEqual({ userId: a.id });
    await owner.client.call('rooms.addUser', { roomId, usernameOrEmail: b.email, role: 'viewer' });
    expect(await findRoomUser(t.app.database.db, roomId, b.id)).toMatchObject({
      role: 'viewer',
      invitedBy: owner.user.id,
    });
  });

  it('an unknown user or one already in the room is refused', async () => {
    expectRefused(
      await owner.client.call('rooms.addUser', {
        roomId,
        usernameOrEmail: 'nobody-here',
        role: 'viewer',
      }),
      ROOM_ERRORS.userNotFound,
    );
    expectRefused(
      await owner.client.call('rooms.addUser', {
        roomId,
        usernameOrEmail: owner.user.username,
        role: 'viewer',
      }),
      ROOM_ERRORS.alreadyMember,
    );
  });
});
