import path from 'node:path';
import type { Config } from '../config';
import { localStorage } from './local';
import { s3Storage } from './s3';
import type { Storage } from './types';

export type { ByteRange, Storage, StoredObject } from './types';

/** The store the settings name: files under DATA_DIR/storage, or an S3-compatible bucket. */
export function openStorage(config: Pick<Config, 'storage' | 's3' | 'dataDir'>): Storage {
  if (config.storage === 's3') {
    const { bucket, ...rest } = config.s3;
    if (!bucket) throw new Error('S3_BUCKET is required when STORAGE=s3');
    return s3Storage({ ...rest, bucket });
  }
  return localStorage(path.join(config.dataDir, 'storage'));
}
