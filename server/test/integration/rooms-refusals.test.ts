// Who may undo a refusal of an access request (spec §6), split from rooms-members.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_ERRORS, type RoomId, type RoomUsersResult } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import type { SessionClient } from '../helpers/factories';
import { createRoom, expectRefused, newRoomPerson, roleOf } from '../helpers/rooms';
import type { UserRow } from '../../src/services/accounts/users-store';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(async () => t?.close());

const person = () => newRoomPerson(t);
const roleIn = (roomId: RoomId, user: UserRow) => roleOf(t, roomId, user);

describe('who may reverse a refusal', () => {
  it('an invite-only room takes no requests', async () => {
    const owner = await person();
    const room = await createRoom(t, { owner: owner.user, visibility: 'inviteOnly' });
    const asker = await person();
    const res = await asker.client.call('rooms.requestAccess', { roomId: room.id });
    expectRefused(res, ROOM_ERRORS.unavailable);
    expect(await roleIn(room.id, asker.user)).toBeNull();
  });

  it('an admin cannot let in someone the owner refused, and is told why; the owner can', async () => {
    const [owner, admin, asker] = [await person(), await person(), await person()];
    const room = await createRoom(t, {
      owner: owner.user,
      members: [{ user: admin.user, role: 'admin' }],
    });
    await asker.client.call('rooms.requestAccess', { roomId: room.id });
    await owner.client.call('rooms.rejectRequest', { roomId: room.id, userId: asker.user.id });
    const approve = { roomId: room.id, userId: asker.user.id, role: 'viewer' };
    expectRefused(
      await admin.client.call('rooms.approveRequest', approve),
      ROOM_ERRORS.rejectedByOwner,
    );
    const add = { roomId: room.id, usernameOrEmail: asker.user.username, role: 'viewer' };
    expectRefused(await admin.client.call('rooms.addUser', add), ROOM_ERRORS.rejectedByOwner);
    expect(await roleIn(room.id, asker.user)).toBe('rejected');
    // The users modal says so beside the refused request, for the admin only.
    const requestsFor = async (client: SessionClient) =>
      (await client.call<{ value: RoomUsersResult }>('rooms.getRoomUsers', { roomId: room.id }))
        .body.value.requests;
    expect(await requestsFor(admin.client)).toMatchObject([
      { user: { _id: asker.user.id }, manageable: false, refusal: ROOM_ERRORS.rejectedByOwner },
    ]);
    expect(await requestsFor(owner.client)).toMatchObject([{ manageable: true, refusal: null }]);
    expect((await owner.client.call('rooms.addUser', add)).status).toBe(200);
    expect(await roleIn(room.id, asker.user)).toBe('viewer');
  });

  it('another admin cannot let in someone an admin refused, and is told why', async () => {
    const [owner, refuser, other, asker] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const room = await createRoom(t, {
      owner: owner.user,
      members: [
        { user: refuser.user, role: 'admin' },
        { user: other.user, role: 'admin' },
      ],
    });
    await asker.client.call('rooms.requestAccess', { roomId: room.id });
    await refuser.client.call('rooms.rejectRequest', { roomId: room.id, userId: asker.user.id });
    const approve = { roomId: room.id, userId: asker.user.id, role: 'viewer' };
    expectRefused(
      await other.client.call('rooms.approveRequest', approve),
      ROOM_ERRORS.rejectedByAnotherAdmin,
    );
    expect(await roleIn(room.id, asker.user)).toBe('rejected');
    expect((await owner.client.call('rooms.approveRequest', approve)).status).toBe(200);
  });

  it('an admin who refused someone may change their mind', async () => {
    const [owner, admin, asker] = [await person(), await person(), await person()];
    const room = await createRoom(t, {
      owner: owner.user,
      members: [{ user: admin.user, role: 'admin' }],
    });
    await asker.client.call('rooms.requestAccess', { roomId: room.id });
    await admin.client.call('rooms.rejectRequest', { roomId: room.id, userId: asker.user.id });
    const res = await admin.client.call('rooms.approveRequest', {
      roomId: room.id,
      userId: asker.user.id,
      role: 'participant',
    });
    expect(res.body.value).toEqual({ role: 'participant' });
  });
});
