import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from '../helpers/fixtures';
import { endUndoWindows } from '../helpers/removals';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import {
  expectSegmentsDecodeToWhole,
  manifestOf,
  recordedCopy,
  uploadReadyTrack,
} from '../helpers/playback';
import { createRoom } from '../helpers/rooms';
import { s3Test } from '../helpers/s3-server';

describe('playback copies on S3 storage', () => {
  s3Test(
    'are stored in the bucket, read by Range through a short-lived redirect, and removed',
    async ({ t, f }) => {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'playback-s3-'));
      const owner = await f.signedInUser();
      const room = await createRoom(t, { owner: owner.user });
      const file = await makeAudioFixture(dir, 'flac', { seconds: 14, frequency: 440 });
      const track = await uploadReadyTrack(t, owner.client, room, file, 'Bucket');
      const manifest = await manifestOf(owner.client, track._id);
      const copy = (await recordedCopy(t, track._id))!;
      expect(await t.app.tracksRuntime.storage.stat(copy.storageKey)).not.toBeNull();

      const redirect = await owner.client.fetch(manifest.dataUrl, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      // The redirect is kept for less time than the presigned address lives.
      expect(redirect.headers.get('cache-control')).toBe('private, max-age=60');
      const presigned = redirect.headers.get('location')!;
      expect(presigned).toContain('X-Amz-Signature');
      const ranged = await fetch(presigned, { headers: { range: 'bytes=0-3' } });
      expect(ranged.status).toBe(206);
      expect(Buffer.from(await ranged.arrayBuffer()).toString('latin1')).toBe('fLaC');
      // Followed by the client, each segment's range reaches the bucket.
      await expectSegmentsDecodeToWhole(owner.client, manifest);

      const removed = await owner.client.call('tracks.remove', { id: track._id });
      expect(removed.body.status).toBe('success');
      await endUndoWindows(t);
      expect(await t.app.tracksRuntime.storage.stat(copy.storageKey)).toBeNull();
      await fs.rm(dir, { recursive: true, force: true });
    },
  );
});
