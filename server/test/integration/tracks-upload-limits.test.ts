import { asRoomId, TRACK_ERRORS, type RoomId } from '@music-rooms/domain';
import type { TestApp } from '../helpers/app';
import { factories, type SessionClient } from '../helpers/factories';
import { anotherApp, describe, expect, test } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { audioMetadata, createTrack, createTusUpload, rawTusRequest } from '../helpers/tracks';
import { uploadsInProgress } from '../../src/services/tracks/upload-store';

const LIMITS = {
  UPLOADS_IN_PROGRESS_MAX: '2',
  UPLOAD_BYTES_IN_PROGRESS_MAX: '10000',
  UPLOAD_CREATIONS_MAX: '4',
  UPLOAD_CREATIONS_WINDOW_SECONDS: '600',
  ROOM_STORAGE_QUOTA: '50000',
};

const it = test
  .extend('unlimited', { scope: 'file' }, anotherApp({ ...LIMITS, ROOM_STORAGE_QUOTA: '0' }))
  .extend('appEnv', { scope: 'file' }, LIMITS);

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** A creating request as a client sends it; answers the server's status, body and headers. */
async function create(t: TestApp, client: SessionClient, roomId: RoomId, length: number) {
  const res = await rawTusRequest(t, client, 'POST', '/api/uploads', {
    'upload-length': String(length),
    'upload-metadata': `roomId ${base64(roomId)},filename ${base64('a.mp3')}`,
  });
  return { ...res, json: res.status === 201 ? null : (JSON.parse(res.body) as object) };
}

const inProgress = (t: TestApp, roomId: RoomId) =>
  uploadsInProgress(t.app.database.db, { roomId }, new Date(0));

describe('upload limits', () => {
  it('refuses more unfinished uploads than one person may have, until one ends', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const roomId = asRoomId((await createRoom(t, { owner: user })).id);
    const first = await createTusUpload(t, client, audioMetadata(roomId, 'a.mp3'), 100);
    await createTusUpload(t, client, audioMetadata(roomId, 'b.mp3'), 100);
    const third = await create(t, client, roomId, 100);
    expect(third.status).toBe(429);
    // The one error body every route refuses with, the message's values among it.
    expect(third.json).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      code: 'rate_limited',
      key: TRACK_ERRORS.tooManyUploads,
      message: expect.any(String),
      statusMessage: TRACK_ERRORS.tooManyUploads,
      max: 2,
    });
    expect(await inProgress(t, roomId)).toEqual({ count: 2, bytes: 200 });

    expect((await rawTusRequest(t, client, 'DELETE', first)).status).toBe(204);
    expect((await create(t, client, roomId, 100)).status).toBe(201);
  });

  it('refuses an upload that would take the unfinished ones past their total', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const roomId = asRoomId((await createRoom(t, { owner: user })).id);
    expect((await create(t, client, roomId, 6000)).status).toBe(201);
    const over = await create(t, client, roomId, 5000);
    expect(over.status).toBe(413);
    expect(over.json).toMatchObject({ key: TRACK_ERRORS.uploadBytesInProgress, maxMb: 0 });
    expect((await create(t, client, roomId, 4000)).status).toBe(201);
  });

  it('refuses uploads started too fast, saying when to come back', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const roomId = asRoomId((await createRoom(t, { owner: user })).id);
    for (let started = 0; started < 4; started += 1) {
      const path = await createTusUpload(t, client, audioMetadata(roomId, 'a.mp3'), 10);
      expect((await rawTusRequest(t, client, 'DELETE', path)).status).toBe(204);
    }
    const fifth = await create(t, client, roomId, 10);
    expect(fifth.status).toBe(429);
    expect(fifth.json).toMatchObject({ key: TRACK_ERRORS.uploadsTooFast, minutes: 10 });
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(500);
    // Someone else is not held back by it.
    const other = await f.signedInUser();
    const room = asRoomId((await createRoom(t, { owner: other.user })).id);
    expect((await create(t, other.client, room, 10)).status).toBe(201);
  });

  it("refuses an upload past the room's quota, counting its tracks and uploads on the way", async ({
    t,
    f,
  }) => {
    const owner = await f.signedInUser();
    const member = await f.signedInUser();
    const room = await createRoom(t, {
      owner: owner.user,
      members: [{ user: member.user, role: 'participant' }],
    });
    const roomId = asRoomId(room.id);
    await createTrack(t, { room, sizeBytes: 40_000 });
    expect((await create(t, member.client, roomId, 6000)).status).toBe(201);
    const full = await create(t, owner.client, roomId, 5000);
    expect(full.status).toBe(507);
    expect(full.json).toMatchObject({ key: TRACK_ERRORS.roomStorageFull, quotaGb: 0 });
    expect(await inProgress(t, roomId)).toEqual({ count: 1, bytes: 6000 });
    expect((await create(t, owner.client, roomId, 4000)).status).toBe(201);
  });

  it('sets no room quota when ROOM_STORAGE_QUOTA is 0', async ({ unlimited }) => {
    const { user, client } = await factories(unlimited).signedInUser();
    const room = await createRoom(unlimited, { owner: user });
    await createTrack(unlimited, { room, sizeBytes: 1024 ** 4 });
    expect((await create(unlimited, client, asRoomId(room.id), 5000)).status).toBe(201);
  });
});
