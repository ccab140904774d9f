import {
  DEV_STORAGE_ERRORS,
  PLATFORM_ERRORS,
  type DevCorsProbe,
  type DevObjectPage,
  type DevPresigned,
  type DevStorageInfo,
} from '@music-rooms/domain';
import type { TestApp } from '../helpers/app';
import { factories } from '../helpers/factories';
import { anotherApp, describe, expect } from '../helpers/fixtures';
import { createRoom, expectRefused } from '../helpers/rooms';
import { s3Test } from '../helpers/s3-server';
import { createTrack } from '../helpers/tracks';

const OBJECTS = '/api/dev/storage/objects';

// The storage page's tools, on the S3 test server (the file's app) and on local storage.
const test = s3Test.extend('local', { scope: 'file' }, anotherApp({}));

async function superAdminOf(app: TestApp) {
  return (await factories(app).signedInUser({ superAdmin: true })).client;
}

/** A ready track, with its stored file, in a room of another user's. */
async function trackOfSomeone(app: TestApp) {
  const { user } = await factories(app).user();
  return createTrack(app, { room: await createRoom(app, { owner: user }) });
}

const upload = (
  client: { fetch: (p: string, i?: RequestInit) => Promise<Response> },
  name: string,
  bytes: Buffer,
) =>
  client.fetch(`${OBJECTS}?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: bytes,
  });

describe.each(['s3', 'local'] as const)('the storage tools on %s storage', (kind) => {
  test('name the store, store a file, list it, read it back and delete it', async ({
    t,
    local,
  }) => {
    const app = kind === 's3' ? t : local;
    const client = await superAdminOf(app);
    const info = (await client.call('devStorage.info', {})).body.value as DevStorageInfo;
    expect(info.kind).toBe(kind);
    if (kind === 's3') {
      expect(info).toMatchObject({ bucket: 'music-rooms-test', region: 'us-east-1' });
      expect(JSON.stringify(info)).not.toContain('S3RVER');
    } else {
      expect(info).toMatchObject({ bucket: null, endpoint: null, presignedOrigin: null });
    }

    const bytes = Buffer.from('hello storage '.repeat(100));
    const stored = await upload(client, 'My notes (v2).txt', bytes);
    expect(stored.status).toBe(200);
    expect(await stored.json()).toMatchObject({ key: 'dev/My_notes_v2_.txt', size: bytes.length });

    const page = (await client.call('devStorage.list', { prefix: 'dev/' })).body
      .value as DevObjectPage;
    expect(page.objects.map((object) => object.key)).toContain('dev/My_notes_v2_.txt');

    const back = await client.fetch(`${OBJECTS}?key=${encodeURIComponent('dev/My_notes_v2_.txt')}`);
    expect(back.status).toBe(200);
    expect(back.headers.get('content-disposition')).toBe('attachment; filename="My_notes_v2_.txt"');
    expect(Buffer.from(await back.arrayBuffer()).equals(bytes)).toBe(true);

    const presigned = (await client.call('devStorage.presign', { key: 'dev/My_notes_v2_.txt' }))
      .body.value as DevPresigned;
    if (kind === 's3') {
      const direct = await fetch(presigned.url!, { headers: { Range: 'bytes=0-4' } });
      expect(direct.status).toBe(206);
      expect(await direct.text()).toBe('hello');
    } else {
      expect(presigned.url).toBeNull();
    }

    await client.call('devStorage.remove', { key: 'dev/My_notes_v2_.txt' });
    const after = (await client.call('devStorage.list', { prefix: 'dev/' })).body
      .value as DevObjectPage;
    expect(after.objects.map((object) => object.key)).not.toContain('dev/My_notes_v2_.txt');
    expectRefused(
      await client.call('devStorage.presign', { key: 'dev/My_notes_v2_.txt' }),
      DEV_STORAGE_ERRORS.objectMissing,
    );
  });

  test('will not delete a track’s file, and refuse keys that are not the store’s', async ({
    t,
    local,
  }) => {
    const app = kind === 's3' ? t : local;
    const client = await superAdminOf(app);
    const track = await trackOfSomeone(app);
    expectRefused(
      await client.call('devStorage.remove', { key: track.audioKey! }),
      DEV_STORAGE_ERRORS.notOwnObject,
    );
    expect(await app.app.tracksRuntime.storage.stat(track.audioKey!)).not.toBeNull();
    expectRefused(
      await client.call('devStorage.presign', { key: '../etc/passwd' }),
      DEV_STORAGE_ERRORS.invalidKey,
    );
  });

  test('probe CORS with a track’s real audio, presigned where the store can', async ({
    t,
    local,
  }) => {
    const app = kind === 's3' ? t : local;
    const client = await superAdminOf(app);
    const track = await trackOfSomeone(app);
    const probe = (await client.call('devStorage.corsProbe', {})).body.value as DevCorsProbe;
    expect(probe).toMatchObject({ key: track.audioKey, fromTrack: true });
    expect(probe.url === null).toBe(kind === 'local');
  });

  test('are not there for anyone but a super administrator', async ({ t, local }) => {
    const app = kind === 's3' ? t : local;
    const { client } = await factories(app).signedInUser();
    for (const caller of [client, factories(app).guest()]) {
      expectRefused(await caller.call('devStorage.info', {}), PLATFORM_ERRORS.notFound);
      expectRefused(await caller.call('devStorage.list', { prefix: '' }), PLATFORM_ERRORS.notFound);
      expectRefused(await caller.call('devStorage.corsProbe', {}), PLATFORM_ERRORS.notFound);
      expect((await upload(caller, 'x.txt', Buffer.from('x'))).status).toBe(404);
      expect((await caller.fetch(`${OBJECTS}?key=dev/x.txt`)).status).toBe(404);
    }
    expect(
      (await app.app.tracksRuntime.storage.list('dev/x', { after: null, limit: 5 })).objects,
    ).toEqual([]);
  });
});
