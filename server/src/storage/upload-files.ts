import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';
import type { Config } from '../config';
import { openScratchFolder } from './scratch-files';
import { s3Storage } from './s3';
import { BucketUploadStore, UPLOAD_KEY_PREFIX } from './s3-uploads';

/** Unfinished uploads expire after a day: their bytes are removed and the upload cannot resume. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Where tus keeps uploads while they arrive (a folder under DATA_DIR, or the S3 bucket with
 * multipart uploads), and how processing reaches a finished upload's bytes.
 */
export type UploadFiles = {
  datastore: DataStore;
  /** A local file holding the finished upload; `release` removes it if it was a copy. */
  localFile(id: string): Promise<{ path: string; release: () => Promise<void> }>;
  /** Forgets an upload's bytes (after processing, or when it is cancelled). */
  remove(id: string): Promise<void>;
};

/** An upload id: random, safe as a file name and an object key, and told apart by its prefix. */
export const newUploadId = () => UPLOAD_KEY_PREFIX + randomBytes(16).toString('hex');

/** `expiryMs`: how long an unfinished upload is kept (a day; tests shorten it). */
export function openUploadFiles(
  config: Pick<Config, 'storage' | 's3' | 'dataDir'>,
  expiryMs = UPLOAD_EXPIRY_MS,
): UploadFiles {
  if (config.storage === 's3') return s3UploadFiles(config, expiryMs);
  const directory = path.join(config.dataDir, 'uploads');
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  return {
    datastore,
    localFile: async (id) => ({ path: path.join(directory, id), release: async () => {} }),
    remove: (id) => datastore.remove(id).catch(() => undefined),
  };
}

function s3UploadFiles(config: Pick<Config, 's3'>, expiryMs: number): UploadFiles {
  const { bucket, endpoint, region, accessKeyId, secretAccessKey } = config.s3;
  if (!bucket) throw new Error('S3_BUCKET is required when STORAGE=s3');
  const credentials =
    accessKeyId && secretAccessKey ? { credentials: { accessKeyId, secretAccessKey } } : {};
  const datastore = new BucketUploadStore({
    expirationPeriodInMilliseconds: expiryMs,
    // Object tags are not offered by every S3-compatible server (MinIO yes, others not).
    useTags: false,
    s3ClientConfig: {
      bucket,
      region,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      ...credentials,
    },
  });
  const objects = s3Storage({ ...config.s3, bucket });
  return {
    datastore,
    async localFile(id) {
      const folder = await openScratchFolder('upload');
      const file = folder.file('audio');
      await objects.download(id, file);
      return { path: file, release: () => folder.remove() };
    },
    remove: (id) => datastore.remove(id).catch(() => undefined),
  };
}
