import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asRoomId } from '@music-rooms/domain';
import { describe, expect } from '../helpers/fixtures';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { createRoom } from '../helpers/rooms';
import { s3Test } from '../helpers/s3-server';
import { audioMetadata, tusUpload, waitForTrack } from '../helpers/tracks';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('tracks on S3 storage', () => {
  s3Test(
    'upload through the bucket, processed, and served by a presigned address',
    async ({ t, f }) => {
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
});
