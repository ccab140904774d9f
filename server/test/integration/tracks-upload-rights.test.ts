import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { asRoomId, ROOM_ERRORS, type RoomId, type UserId } from '@music-rooms/domain';
import { eventually } from '../helpers/eventually';
import type { Factories, SessionClient } from '../helpers/factories';
import { describe, expect, test } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import {
  answerTo,
  audioMetadata,
  createTusUpload,
  listTracks,
  patchTusUpload,
  type RawAnswer,
} from '../helpers/tracks';
import type { TestApp } from '../helpers/app';
import { findUpload } from '../../src/services/tracks/upload-store';

const LENGTH = 64 * 1024;
const bytes = Buffer.alloc(LENGTH, 5);

/** An owner's room with a participant who has begun an upload into it (half its bytes sent). */
async function halfUploaded(t: TestApp, f: Factories) {
  const owner = await f.signedInUser();
  const uploader = await f.signedInUser();
  const room = await createRoom(t, {
    owner: owner.user,
    members: [{ user: uploader.user, role: 'participant' }],
  });
  const roomId = asRoomId(room.id);
  const upload = await createTusUpload(t, uploader.client, audioMetadata(roomId, 'a.wav'), LENGTH);
  const half = await patchTusUpload(t, uploader.client, upload, 0, bytes.subarray(0, LENGTH / 2));
  expect(half.status).toBe(204);
  return { owner, uploader, roomId, upload, id: upload.split('/').pop()! };
}

const removeMember = async (client: SessionClient, roomId: RoomId, userId: UserId) =>
  expect((await client.call('rooms.removeUser', { roomId, userId })).body.status).toBe('success');

/** The upload failed with the reason, holds no bytes, and no track came of it. */
async function expectRefused(
  t: TestApp,
  answer: RawAnswer,
  place: { id: string; roomId: RoomId; client: SessionClient },
  key: string,
) {
  expect(answer.status).toBe(403);
  expect(JSON.parse(answer.body)).toMatchObject({ key });
  expect(await findUpload(t.app.database.db, place.id)).toMatchObject({
    status: 'failed',
    failure: key,
  });
  const stored = await fs.readdir(path.join(t.config.dataDir, 'uploads')).catch(() => []);
  expect(stored.filter((name) => name.startsWith(place.id))).toEqual([]);
  const owner = (await listTracks(place.client, place.roomId)).tracks;
  expect(owner).toEqual([]);
}

describe('an upload whose uploader lost the right to add tracks', () => {
  test('is refused on its next bytes once they were removed from the room', async ({ t, f }) => {
    const { owner, uploader, roomId, upload, id } = await halfUploaded(t, f);
    await removeMember(owner.client, roomId, uploader.user.id);
    const rest = await patchTusUpload(
      t,
      uploader.client,
      upload,
      LENGTH / 2,
      bytes.subarray(0, LENGTH / 2),
    );
    await expectRefused(t, rest, { id, roomId, client: owner.client }, ROOM_ERRORS.forbidden);
  });

  test('is refused on its next bytes once they were made a viewer', async ({ t, f }) => {
    const { owner, uploader, roomId, upload, id } = await halfUploaded(t, f);
    const demoted = await owner.client.call('rooms.updateUserRole', {
      roomId,
      userId: uploader.user.id,
      role: 'viewer',
    });
    expect(demoted.body.status).toBe('success');
    const rest = await patchTusUpload(
      t,
      uploader.client,
      upload,
      LENGTH / 2,
      bytes.subarray(0, LENGTH / 2),
    );
    await expectRefused(
      t,
      rest,
      { id, roomId, client: owner.client },
      ROOM_ERRORS.insufficientPermissions,
    );
  });

  test('makes no track when the right went while its last bytes arrived', async ({ t, f }) => {
    const { owner, uploader, roomId, upload, id } = await halfUploaded(t, f);
    const answer = streamedPatch(t, uploader.client, upload, LENGTH / 2);
    answer.write(bytes.subarray(0, LENGTH / 4));
    // The request was let in: its first bytes are in the upload's file.
    const file = path.join(t.config.dataDir, 'uploads', id);
    await eventually(async () => expect((await fs.stat(file)).size).toBeGreaterThan(LENGTH / 2));
    await removeMember(owner.client, roomId, uploader.user.id);
    answer.end(bytes.subarray(0, LENGTH / 4));
    await expectRefused(
      t,
      await answer.done,
      { id, roomId, client: owner.client },
      ROOM_ERRORS.forbidden,
    );
  });
});

/** A PATCH whose body the test sends piece by piece. */
function streamedPatch(t: TestApp, client: SessionClient, uploadPath: string, offset: number) {
  const { hostname, port } = new URL(t.url);
  let request!: http.ClientRequest;
  const done = new Promise<RawAnswer>((resolve, reject) => {
    request = http.request(
      {
        hostname,
        port,
        method: 'PATCH',
        path: uploadPath,
        headers: {
          'tus-resumable': '1.0.0',
          cookie: client.cookie(),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          'content-length': String(LENGTH - offset),
        },
      },
      answerTo(resolve),
    );
    request.on('error', reject);
  });
  return {
    write: (chunk: Buffer) => request.write(chunk),
    end: (chunk: Buffer) => request.end(chunk),
    done,
  };
}
