import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomInfo } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import { clientFor, factories, sessionClient, type SessionClient } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';

let t: TestApp;
beforeAll(async () => (t = await startTestApp()));
afterAll(async () => t?.close());

const newUser = async () => (await factories(t).user({ password: null })).user;

/** What rooms.getRoomInfoByUrl tells this client about the room at `roomUrl`. */
async function infoOf(client: SessionClient, roomUrl: string) {
  const res = await client.call<{ value: RoomInfo }>('rooms.getRoomInfoByUrl', {
    room_url: roomUrl,
  });
  expect(res.status).toBe(200);
  return res.body.value;
}

// A stranger kept out of a room still sees what its card shows: name, markers and owner.
describe('rooms.getRoomInfoByUrl: the preview of a room one may not look into', () => {
  it('gives a stranger at the password gate the name, markers and owner, and nothing more', async () => {
    const owner = await newUser();
    await createRoom(t, {
      owner,
      name: 'Vault',
      description: 'Secret plans',
      roomUrl: 'preview-vault',
      visibility: 'hidden',
      password: 'open sesame',
    });
    const info = await infoOf(sessionClient(t.url), 'preview-vault');
    expect(info).toMatchObject({ room: null, requiresPassword: true, roomExists: true });
    expect(info.preview).toEqual({
      name: 'Vault',
      visibility: 'hidden',
      hasPassword: true,
      author: { _id: owner.id, name: owner.name, username: owner.username, avatar: owner.avatar },
    });
    expect(JSON.stringify(info)).not.toContain('Secret plans');
  });

  it('gives a signed-in stranger of an invite-only room the same preview', async () => {
    const owner = await newUser();
    await createRoom(t, {
      owner,
      name: 'Inner circle',
      roomUrl: 'preview-inner-circle',
      visibility: 'inviteOnly',
    });
    const stranger = await clientFor(t, await newUser());
    const info = await infoOf(stranger, 'preview-inner-circle');
    expect(info).toMatchObject({ room: null, unavailable: true, roomExists: true });
    expect(info.preview).toMatchObject({
      name: 'Inner circle',
      visibility: 'inviteOnly',
      hasPassword: false,
      author: { _id: owner.id },
    });
  });

  it('has no preview when the room itself is given, or when there is no room', async () => {
    const owner = await newUser();
    await createRoom(t, { owner, name: 'Open house', roomUrl: 'preview-open-house' });
    const guest = sessionClient(t.url);
    const open = await infoOf(guest, 'preview-open-house');
    expect(open.room).toMatchObject({ name: 'Open house' });
    expect(open.preview).toBeUndefined();
    expect((await infoOf(guest, 'preview-nothing-here')).preview).toBeUndefined();
  });
});
