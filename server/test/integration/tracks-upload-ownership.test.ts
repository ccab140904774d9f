import { asRoomId } from '@music-rooms/domain';
import { describe, expect, test } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import {
  audioMetadata,
  createTusUpload,
  patchTusUpload,
  rawTusRequest,
  type RawAnswer,
} from '../helpers/tracks';
import { findUpload } from '../../src/services/tracks/upload-store';

const FILE_NAME = 'Private - Demo take.mp3';

/**
 * Addresses that name the caller's own upload to a router reading the path up to `?`, `#` or
 * `;`, and someone else's upload to one reading the last `/` segment of the whole address.
 */
const disguised = (own: string, victimId: string) => [
  `${own}?/${victimId}`,
  `${own}?x=/${victimId}`,
  `${own}?x=1&y=/${victimId}/`,
  `${own}#/${victimId}`,
  `${own};/${victimId}`,
  `${own}/..%2F${victimId}`,
];

describe("someone else's upload through a disguised address", () => {
  test('leaks nothing of it, writes nothing into it and leaves it in place', async ({ t, f }) => {
    const victim = await f.signedInUser();
    const attacker = await f.signedInUser();
    const victimRoom = await createRoom(t, { owner: victim.user });
    const attackerRoom = await createRoom(t, { owner: attacker.user });
    const victimPath = await createTusUpload(
      t,
      victim.client,
      audioMetadata(asRoomId(victimRoom.id), FILE_NAME),
      16,
    );
    expect((await patchTusUpload(t, victim.client, victimPath, 0, Buffer.alloc(4, 7))).status).toBe(
      204,
    );
    const ownPath = await createTusUpload(
      t,
      attacker.client,
      audioMetadata(asRoomId(attackerRoom.id), 'mine.mp3'),
      16,
    );
    const victimId = victimPath.split('/').pop()!;

    const leaks = (res: RawAnswer) =>
      [JSON.stringify(res.headers), res.body].some(
        (text) =>
          text.includes(victimRoom.id) ||
          text.includes(Buffer.from(FILE_NAME).toString('base64')) ||
          text.includes(FILE_NAME),
      );
    for (const path of disguised(ownPath, victimId)) {
      const head = await rawTusRequest(t, attacker.client, 'HEAD', path);
      expect(head.status, `HEAD ${path}`).toBeGreaterThanOrEqual(400);
      expect(leaks(head), `HEAD ${path}`).toBe(false);
      const patch = await patchTusUpload(t, attacker.client, path, 4, Buffer.alloc(4, 9));
      expect(patch.status, `PATCH ${path}`).toBeGreaterThanOrEqual(400);
      const remove = await rawTusRequest(t, attacker.client, 'DELETE', path);
      expect(remove.status, `DELETE ${path}`).toBeGreaterThanOrEqual(400);
    }

    const seen = await rawTusRequest(t, victim.client, 'HEAD', victimPath);
    expect(seen.status).toBe(200);
    expect(seen.headers['upload-offset']).toBe('4');
    expect(await findUpload(t.app.database.db, victimId)).toMatchObject({ status: 'uploading' });
    // The disguised addresses touched the caller's own upload no more than the other one.
    const own = await rawTusRequest(t, attacker.client, 'HEAD', ownPath);
    expect(own).toMatchObject({ status: 200, headers: { 'upload-offset': '0' } });
  });

  test('answers a clear refusal for an address with a query', async ({ t, f }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const path = await createTusUpload(t, client, audioMetadata(asRoomId(room.id), 'a.mp3'), 8);
    const res = await rawTusRequest(t, client, 'DELETE', `${path}?x=1`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body)).toMatchObject({ key: 'tracks.errors.uploadNotFound' });
    expect(await findUpload(t.app.database.db, path.split('/').pop()!)).toMatchObject({
      status: 'uploading',
    });
  });
});
