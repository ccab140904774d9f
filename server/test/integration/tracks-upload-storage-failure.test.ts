import { asRoomId, TRACK_ERRORS } from '@music-rooms/domain';
import { describe, expect, test as base } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';
import { startS3Server } from '../helpers/s3-server';
import { audioMetadata, createTusUpload, patchTusUpload } from '../helpers/tracks';

// The app keeps uploads in a bucket that the test can take away mid-way (a storage outage).
const test = base
  // Vitest reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('bucket', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startS3Server();
    let stopped: Promise<void> | null = null;
    const stop = () => (stopped ??= server.close());
    onCleanup(stop);
    return { ...server, stop };
  })
  .extend('appEnv', { scope: 'file' }, ({ bucket }) => ({
    STORAGE: 's3',
    S3_ENDPOINT: bucket.settings.endpoint,
    S3_BUCKET: bucket.settings.bucket,
    S3_REGION: bucket.settings.region,
    S3_ACCESS_KEY_ID: bucket.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
  }))
  .extend('appOptions', { scope: 'file' }, { captureLogs: true });

describe('an upload the storage fails', () => {
  test('answers a translated reason and logs the cause with the upload and room', async ({
    t,
    f,
    bucket,
  }) => {
    const { user, client } = await f.signedInUser();
    const room = await createRoom(t, { owner: user });
    const upload = await createTusUpload(t, client, audioMetadata(asRoomId(room.id), 'a.mp3'), 64);
    const id = upload.split('/').pop()!;

    await bucket.stop();
    const answer = await patchTusUpload(t, client, upload, 0, Buffer.alloc(64, 3));

    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ key: TRACK_ERRORS.storageUnavailable });
    const logged = t.logs.find((line) => line.uploadId === id);
    expect(logged).toMatchObject({ roomId: room.id, method: 'PATCH' });
    expect(logged!.level).toBeGreaterThanOrEqual(50);
    expect(logged!.err).toBeDefined();
  });
});
