import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/config';
import { newUploadId, openUploadFiles, type UploadFiles } from '../../src/storage/upload-files';
import { eventually } from '../helpers/eventually';
import { bucketContents, startS3Server, type S3Server } from '../helpers/s3-server';

let s3: S3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-files-'));
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Settings = Pick<Config, 'storage' | 's3' | 'dataDir'>;

/** Where uploads in progress live, and what of them is there now. */
type UploadPlace = { settings: () => Settings; leftovers: () => Promise<string[]> };

const places: [string, UploadPlace][] = [
  [
    'local',
    {
      settings: () => ({ storage: 'local', s3: null!, dataDir }),
      leftovers: () => fs.readdir(path.join(dataDir, 'uploads')).catch(() => []),
    },
  ],
  [
    's3',
    {
      settings: () => ({ storage: 's3', s3: { ...s3.settings, publicUrl: null }, dataDir }),
      // tus keeps an upload at the bucket's root (stored files live under folders), and its
      // multipart upload while it arrives.
      leftovers: async () => {
        const { keys, openUploads } = await bucketContents(s3);
        return [...keys.filter((key) => !key.includes('/')), ...openUploads];
      },
    },
  ],
];

const bytes = Buffer.from('0123456789'.repeat(100));

/** Begins an upload as tus does on a creating request, and sends its first `sent` bytes. */
async function beginUpload(files: UploadFiles, sent: number): Promise<string> {
  const id = newUploadId();
  await files.datastore.create(new Upload({ id, size: bytes.length, offset: 0, metadata: {} }));
  if (sent > 0) await files.datastore.write(Readable.from([bytes.subarray(0, sent)]), id, 0);
  return id;
}

// Uploads in progress: the same contract for the folder under DATA_DIR and for the bucket.
describe.each(places)('uploads in progress, %s', (_kind, place) => {
  it('hands a finished upload to processing, and its removal leaves nothing behind', async () => {
    const files = openUploadFiles(place.settings());
    const id = await beginUpload(files, bytes.length);
    expect((await files.datastore.getUpload(id)).offset).toBe(bytes.length);

    const local = await files.localFile(id);
    expect(await fs.readFile(local.path)).toEqual(bytes);
    await local.release();
    await files.remove(id);
    expect(await place.leftovers()).toEqual([]);
  });

  it('removes an upload given up half-way with everything it held', async () => {
    const files = openUploadFiles(place.settings());
    const id = await beginUpload(files, 300);
    expect((await files.datastore.getUpload(id)).offset).toBe(300);
    expect(await place.leftovers()).not.toEqual([]);

    await files.datastore.remove(id);
    expect(await place.leftovers()).toEqual([]);
    await expect(files.datastore.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  it('sweeps an upload left unfinished past its expiry, and no other', async () => {
    const files = openUploadFiles(place.settings());
    const id = await beginUpload(files, 300);
    await files.datastore.deleteExpired();
    expect((await files.datastore.getUpload(id)).offset).toBe(300);

    const expiring = openUploadFiles(place.settings(), 1);
    await eventually(async () => {
      await expiring.datastore.deleteExpired();
      await expect(expiring.datastore.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
    });
    expect(await place.leftovers()).toEqual([]);
  });
});
