import { ROOM_ERRORS, ROOM_LIMITS, type AddedNotice } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import type { SessionClient } from '../helpers/factories';
import { join, tabSocket } from '../helpers/presence';
import { LiveQueryRecorder } from '../helpers/realtime';
import { createRoom, expectRefused, newRoomPerson, roleOf } from '../helpers/rooms';

async function noticesOf(client: SessionClient): Promise<AddedNotice[]> {
  const res = await client.call<{ value: AddedNotice[] }>('rooms.getAddedNotices', {});
  expect(res.status).toBe(200);
  return res.body.value;
}

describe('rooms.addUser: by username or e-mail, with a notice for the person added', () => {
  test('adds by username and by e-mail in any case; the notice names the room and the adder', async ({
    t,
    f,
  }) => {
    const [owner, byName, byMail] = [
      await newRoomPerson(t),
      await newRoomPerson(t),
      await newRoomPerson(t),
    ];
    const room = await createRoom(t, { owner: owner.user, name: 'Night shift' });
    const first = await owner.client.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: byName.user.username,
      role: 'editor',
    });
    expect(first.status).toBe(200);
    const second = await owner.client.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: `  ${byMail.user.email.toUpperCase()} `,
      role: 'viewer',
    });
    expect(second.status).toBe(200);
    expect(await roleOf(t, room.id, byName.user)).toBe('editor');
    expect(await roleOf(t, room.id, byMail.user)).toBe('viewer');

    const [notice] = await noticesOf(byMail.client);
    expect(notice).toMatchObject({
      roomId: room.id,
      roomName: 'Night shift',
      room_url: room.roomUrl,
      role: 'viewer',
      addedBy: { _id: owner.user.id, name: owner.user.name },
    });
    // The adder gets no notice, and a guest has none.
    expect(await noticesOf(owner.client)).toEqual([]);
    expect(await noticesOf(f.guest())).toEqual([]);
  });

  test("the notice lasts until dismissed; only one's own notice can be dismissed", async ({
    t,
    f,
  }) => {
    const [owner, added, other] = [
      await newRoomPerson(t),
      await newRoomPerson(t),
      await newRoomPerson(t),
    ];
    const room = await createRoom(t, { owner: owner.user });
    await owner.client.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: added.user.username,
      role: 'participant',
    });
    // Read again later (a new page load, another node): still there.
    expect((await noticesOf(added.client)).map((n) => n.roomId)).toEqual([room.id]);

    const foreign = await other.client.call('rooms.dismissAddedNotice', { roomId: room.id });
    expect(foreign.body).toMatchObject({ value: { dismissed: false } });
    expect(await noticesOf(added.client)).toHaveLength(1);
    expectRefused(
      await f.guest().call('rooms.dismissAddedNotice', { roomId: room.id }),
      ROOM_ERRORS.notSignedIn,
    );

    const dismissed = await added.client.call('rooms.dismissAddedNotice', { roomId: room.id });
    expect(dismissed.body).toMatchObject({ value: { dismissed: true } });
    expect(await noticesOf(added.client)).toEqual([]);
    expect(await roleOf(t, room.id, added.user)).toBe('participant');
  });

  test('reaches the person live while online, and opening the room ends it', async ({ t }) => {
    const [owner, added] = [await newRoomPerson(t), await newRoomPerson(t)];
    const room = await createRoom(t, { owner: owner.user, name: 'Live desk' });
    const socket = await tabSocket(t, added.client);
    try {
      const live = new LiveQueryRecorder(socket);
      expect(await live.subscribe('notices', 'rooms.getAddedNotices', {})).toEqual({
        kind: 'value',
        value: [],
      });
      await owner.client.call('rooms.addUser', {
        roomId: room.id,
        usernameOrEmail: added.user.email,
        role: 'viewer',
      });
      const arrived = (await live.until(
        'notices',
        (v) => (v as AddedNotice[]).length === 1,
      )) as AddedNotice[];
      expect(arrived[0]).toMatchObject({ roomName: 'Live desk', addedBy: { _id: owner.user.id } });

      // Opening the room page joins its presence: the notice has been seen.
      expect(await join(socket, room.id)).toBe(true);
      await live.until('notices', (v) => (v as AddedNotice[]).length === 0);
      expect(await noticesOf(added.client)).toEqual([]);
    } finally {
      socket.close();
    }
  });

  test('a request let in through addUser gives a notice; removal takes it away', async ({ t }) => {
    const [owner, asker] = [await newRoomPerson(t), await newRoomPerson(t)];
    const room = await createRoom(t, {
      owner: owner.user,
      members: [{ user: asker.user, role: 'requested' }],
    });
    await owner.client.call('rooms.addUser', {
      roomId: room.id,
      usernameOrEmail: asker.user.username,
      role: 'viewer',
    });
    expect(await noticesOf(asker.client)).toHaveLength(1);
    await owner.client.call('rooms.removeUser', { roomId: room.id, userId: asker.user.id });
    expect(await noticesOf(asker.client)).toEqual([]);
  });
});

describe('rooms.addUser is limited per caller', () => {
  test(`after ${ROOM_LIMITS.addUserAttempts} tries, hits and misses over all rooms, the caller waits`, async ({
    t,
  }) => {
    const [owner, target, otherOwner] = [
      await newRoomPerson(t),
      await newRoomPerson(t),
      await newRoomPerson(t),
    ];
    const [roomA, roomB] = [
      await createRoom(t, { owner: owner.user }),
      await createRoom(t, { owner: owner.user }),
    ];
    for (let i = 0; i < ROOM_LIMITS.addUserAttempts; i++) {
      const res = await owner.client.call('rooms.addUser', {
        roomId: i % 2 === 0 ? roomA.id : roomB.id,
        usernameOrEmail: `nobody-${i}@example.com`,
        role: 'viewer',
      });
      expectRefused(res, ROOM_ERRORS.userNotFound);
    }
    const refused = await owner.client.call('rooms.addUser', {
      roomId: roomA.id,
      usernameOrEmail: target.user.email,
      role: 'viewer',
    });
    expectRefused(refused, ROOM_ERRORS.tooManyAttempts);
    expect(refused.body.errorData).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.body.errorData.retryAfterMs)).toBeGreaterThan(0);
    // Nothing changed, and nobody was told anything.
    expect(await roleOf(t, roomA.id, target.user)).toBeNull();
    expect(await noticesOf(target.client)).toEqual([]);

    // Another caller's own count is untouched.
    const elsewhere = await createRoom(t, { owner: otherOwner.user });
    const ok = await otherOwner.client.call('rooms.addUser', {
      roomId: elsewhere.id,
      usernameOrEmail: target.user.username,
      role: 'viewer',
    });
    expect(ok.status).toBe(200);
  });

  test('a caller who may not manage users spends nothing of their count', async ({ t }) => {
    const [owner, outsider] = [await newRoomPerson(t), await newRoomPerson(t)];
    const room = await createRoom(t, { owner: owner.user });
    const own = await createRoom(t, { owner: outsider.user });
    for (let i = 0; i < ROOM_LIMITS.addUserAttempts + 1; i++) {
      const res = await outsider.client.call('rooms.addUser', {
        roomId: room.id,
        usernameOrEmail: owner.user.username,
        role: 'viewer',
      });
      expectRefused(res, ROOM_ERRORS.forbidden);
    }
    const res = await outsider.client.call('rooms.addUser', {
      roomId: own.id,
      usernameOrEmail: owner.user.username,
      role: 'viewer',
    });
    expect(res.status).toBe(200);
  });
});
