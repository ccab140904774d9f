import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import {
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutBucketCorsCommand,
} from '@aws-sdk/client-s3';
import { s3Client } from '../../src/storage/s3';
import { test } from './fixtures';
import { addMultipartCalls } from './s3rver-multipart';

/** A real S3-compatible server on loopback (s3rver), with one empty bucket. */
export type S3Server = {
  endpoint: string;
  bucket: string;
  settings: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  };
  close: () => Promise<void>;
};

export async function startS3Server(bucket = 'music-rooms-test'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.S3RVER_LOG !== '1',
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addMultipartCalls(server, directory);
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    // s3rver accepts its fixed development key pair and checks the signatures made with it.
    settings: {
      endpoint,
      bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The settings that put an app's storage in this server's bucket. */
export const s3StorageEnv = (s3: S3Server): Record<string, string> => ({
  STORAGE: 's3',
  S3_ENDPOINT: s3.settings.endpoint,
  S3_BUCKET: s3.settings.bucket,
  S3_REGION: s3.settings.region,
  S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
});

/**
 * The bucket's CORS rules as README "Tracks" asks an operator to set them (PutBucketCors, as
 * `aws s3api put-bucket-cors` sends it): GET with Range from the site's origin, with
 * Content-Range and Content-Length exposed, so the page reads playback copies from the bucket.
 */
export async function allowSiteReads(s3: S3Server, siteOrigin: string): Promise<void> {
  const client = s3Client(s3.settings);
  try {
    await client.send(
      new PutBucketCorsCommand({
        Bucket: s3.bucket,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: [siteOrigin],
              AllowedMethods: ['GET'],
              AllowedHeaders: ['Range'],
              ExposeHeaders: ['Content-Range', 'Content-Length'],
            },
          ],
        },
      }),
    );
  } finally {
    client.destroy();
  }
}

/** What the bucket holds: every object's key, and the keys of multipart uploads still open. */
export async function bucketContents(
  s3: S3Server,
): Promise<{ keys: string[]; openUploads: string[] }> {
  const client = s3Client(s3.settings);
  try {
    const [objects, uploads] = await Promise.all([
      client.send(new ListObjectsV2Command({ Bucket: s3.bucket })),
      client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket })),
    ]);
    return {
      keys: (objects.Contents ?? []).map((object) => object.Key!).sort(),
      openUploads: (uploads.Uploads ?? []).map((upload) => upload.Key!).sort(),
    };
  } finally {
    client.destroy();
  }
}

// Vitest reads a fixture's dependencies from its first parameter's pattern: none for s3.
/* eslint-disable no-empty-pattern */
/** The integration fixtures with the app on STORAGE=s3, against `s3`: a real server on loopback. */
export const s3Test = test
  .extend('s3', { scope: 'file' }, async ({}, { onCleanup }) => {
    const server = await startS3Server();
    onCleanup(() => server.close());
    return server;
  })
  .extend('appEnv', { scope: 'file' }, ({ s3 }) => s3StorageEnv(s3));
