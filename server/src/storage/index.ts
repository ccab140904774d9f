import path from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local';
import { presignedOrigin, s3Storage } from './s3';
import type { Storage } from './types';

export type { ByteRange, ListedObject, ObjectPage, Storage, StoredObject } from './types';

/** The store the settings name: files under DATA_DIR/storage, or an S3-compatible bucket. */
export function openStorage(config: Pick<Config, 'storage' | 's3' | 'dataDir'>): Storage {
  if (config.storage === 's3') {
    const { bucket, ...rest } = config.s3;
    if (!bucket) throw new Error('S3_BUCKET is required when STORAGE=s3');
    return s3Storage({ ...rest, bucket });
  }
  return localStorage(path.join(config.dataDir, 'storage'));
}

/** The origin browsers fetch stored objects from, when it is not the site's own: the bucket's. */
export async function storageOrigin(
  config: Pick<Config, 'storage' | 's3'>,
): Promise<string | null> {
  if (config.storage !== 's3' || !config.s3.bucket) return null;
  return presignedOrigin({ ...config.s3, bucket: config.s3.bucket });
}
