import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asRoomId } from '@music-rooms/domain';
import { describe, expect } from '../helpers/fixtures';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { createRoom } from '../helpers/rooms';
import { eventually } from '../helpers/eventually';
import { bucketContents, s3Test, type S3Server } from '../helpers/s3-server';
import { audioMetadata, tusUpload, waitForTrack } from '../helpers/tracks';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * What tus holds in the bucket: objects at its root (stored files live under `audio/`,
 * `covers/` and `playback/`) and multipart uploads still open.
 */
async function uploadLeftovers(s3: S3Server): Promise<string[]> {
  const { keys, openUploads } = await bucketContents(s3);
  return [...keys.filter((key) => !key.includes('/')), ...openUploads];
}

describe('tracks on S3 storage', () => {
  s3Test(
    'upload through the bucket, processed, and served by a presigned address',
    async ({ t, f, s3 }) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tracks-s3-'));
      const { user, client } = await f.signedInUser();
      const room = await createRoom(t, { owner: user });
      const file = await makeAudioFixture(dir, 'mp3', { seconds: 3, cover: '#884400' });
      await tusUpload(t, client, file, audioMetadata(asRoomId(room.id), 'Bucket - Song.mp3'), {
        chunkSize: 64 * 1024,
      });
      const track = await waitForTrack(client, asRoomId(room.id), (x) => x.status === 'ready');
      const audio = await client.fetch(`/api/tracks/${track._id}/audio`, { redirect: 'manual' });
      expect(audio.status).toBe(302);
      const presigned = audio.headers.get('location')!;
      expect(presigned).toContain('X-Amz-Signature');
      const bytes = Buffer.from(await (await fetch(presigned)).arrayBuffer());
      expect(sha256(bytes)).toBe(sha256(await fs.readFile(file)));
      const cover = await client.fetch(`/api/tracks/${track._id}/cover`);
      expect(cover.status).toBe(200);
      // The track's audio is stored once, under audio/: tus's copy leaves the bucket.
      await eventually(async () => expect(await uploadLeftovers(s3)).toEqual([]));
      const { keys } = await bucketContents(s3);
      expect(keys.filter((key) => key.startsWith('audio/'))).toEqual([`audio/${track._id}`]);
      await fs.rm(dir, { recursive: true, force: true });
    },
  );

  s3Test('the page lets images and fetches reach the bucket, and only those', async ({ t, s3 }) => {
    const policy = (await fetch(`${t.url}/`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => policy.split(';').find((d) => d.startsWith(name)) ?? '';
    expect(directive('img-src')).toContain(s3.endpoint);
    expect(directive('connect-src')).toContain(s3.endpoint);
    expect(policy.split(s3.endpoint)).toHaveLength(3);
  });

  s3Test('a cancelled upload leaves nothing in the bucket', async ({ t, f, s3 }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const song = Buffer.alloc(8 * 1024 * 1024, 7);
    const url = await tusUpload(t, client, song, audioMetadata(asRoomId(room.id), 'Half.mp3'), {
      chunkSize: 6 * 1024 * 1024,
      stopAfterBytes: 6 * 1024 * 1024,
    });
    expect(await uploadLeftovers(s3)).not.toEqual([]);

    const uploadId = url.split('/').pop();
    const res = await client.call('uploads.cancel', { uploadId });
    expect(res.body.value).toMatchObject({ status: 'cancelled' });
    expect(await uploadLeftovers(s3)).toEqual([]);
  });
});
