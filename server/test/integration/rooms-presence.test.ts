import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asRoomId, type RoomListResult } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories, type SessionClient } from '../helpers/factories';
import { activeOnCards, activeUsers, join, tabSocket, watchActiveUsers } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { LiveQueryRecorder } from '../helpers/realtime';
import { createRoom } from '../helpers/rooms';
import type { UserRow } from '../../src/services/accounts/users-store';

let t: TestApp;
let owner: UserRow;
let ownerClient: SessionClient;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  ({ user: owner, client: ownerClient } = await factories(t).signedInUser({ password: null }));
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => t?.close());

async function open(client?: SessionClient) {
  const socket = await tabSocket(t, client);
  sockets.push(socket);
  return socket;
}

describe('presence in one room', () => {
  it('counts a user once however many tabs, guests by tab, and keeps a leaver 1 s', async () => {
    const room = await createRoom(t, { owner });
    const watcher = await watchActiveUsers(await open(), room.id);
    const [tabA, tabB] = [await open(ownerClient), await open(ownerClient)];
    expect(await join(tabA, room.id)).toBe(true);
    expect(await join(tabB, room.id)).toBe(true);
    await watcher.until(1);
    expect(await activeUsers(ownerClient, room.id)).toBe(1);

    const guest = await open();
    expect(await join(guest, room.id, { session_id: 'guest-tab' })).toBe(true);
    await watcher.until(2);

    tabA.emit('presence:leave', { roomId: room.id });
    tabB.close();
    // Within the retention the owner still counts; after it, only the guest does.
    expect(await activeUsers(ownerClient, room.id)).toBe(2);
    await watcher.until(1);
    guest.close();
    await watcher.until(0);
  });

  it('a refused join counts nobody: invite-only stranger, password room without a pass', async () => {
    const inviteOnly = await createRoom(t, { owner, visibility: 'inviteOnly' });
    const locked = await createRoom(t, { owner, password: 'pw' });
    const guest = await open();
    expect(await join(guest, inviteOnly.id)).toBe(false);
    expect(await join(guest, locked.id, { session_id: 'tab' })).toBe(false);
    expect(await join(guest, asRoomId('not-a-room'))).toBe(false);
    expect(await activeUsers(ownerClient, inviteOnly.id)).toBe(0);

    const visitor = factories(t).guest();
    const issued = await visitor.call<{ value: { token: string } }>('rooms.generateAccessToken', {
      room_url: locked.roomUrl,
      password: 'pw',
      session_id: 'tab',
    });
    const pass = { accessToken: issued.body.value.token, session_id: 'tab' };
    expect(await join(guest, locked.id, pass)).toBe(true);
    expect(await activeUsers(ownerClient, locked.id)).toBe(1);
  });
});

describe('presence on the room cards', () => {
  it('keeps activeUsers on a watched list live and sorts by it', async () => {
    const quiet = await createRoom(t, { owner, name: 'Quiet corner' });
    const busy = await createRoom(t, { owner, name: 'Busy corner' });
    const live = new LiveQueryRecorder(await open());
    await live.subscribe('list', 'rooms.getPublicRoomsWithAuthors', {
      search: 'corner',
      sort: 'active',
    });
    const busyTab = await open(ownerClient);
    await join(busyTab, busy.id);
    const guestTab = await open();
    await join(guestTab, busy.id, { session_id: 'someone' });
    await join(await open(), quiet.id, { session_id: 'another' });
    const value = (await live.until('list', (v) => {
      const cards = activeOnCards(v as RoomListResult);
      return cards['Busy corner'] === 2 && cards['Quiet corner'] === 1;
    })) as RoomListResult;
    expect(value.rooms.map((room) => room.name)).toEqual(['Busy corner', 'Quiet corner']);
  });
});
