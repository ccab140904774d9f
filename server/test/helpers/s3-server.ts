import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../../src/storage/s3';
import { test } from './fixtures';

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

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: string;
};

const partsDir = (directory: string, bucket: string, uploadId: string) =>
  // s3rver keeps the parts of a multipart upload in <bucket>/._S3rver_uploads/<uploadId>/<n>.
  path.join(directory, bucket, '._S3rver_uploads', uploadId);

/**
 * s3rver lacks two calls of the multipart protocol that resumable uploads use (ListParts, to
 * learn how far an upload got, and AbortMultipartUpload); this adds them over its own files.
 */
function addMultipartListing(server: S3rver, directory: string): void {
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = '', ...keyParts] = ctx.path.split('/');
    const isList = ctx.method === 'GET' && uploadId && ctx.query.partNumber === undefined;
    const isAbort = ctx.method === 'DELETE' && uploadId;
    if (!isList && !isAbort) return next();
    const dir = partsDir(directory, bucket, uploadId!);
    const names = await fs.readdir(dir).catch(() => null);
    if (!names) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<Error><Code>NoSuchUpload</Code></Error>';
      return;
    }
    if (isAbort) {
      await fs.rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    const numbers = names
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [stat, md5] = await Promise.all([
          fs.stat(path.join(dir, String(n))),
          fs.readFile(path.join(dir, `${n}.md5`), 'utf8'),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><ETag>"${md5}"</ETag><Size>${stat.size}</Size><LastModified>${stat.mtime.toISOString()}</LastModified></Part>`;
      }),
    );
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Bucket>${bucket}</Bucket><Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId>` +
      `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`;
  });
}

export async function startS3Server(bucket = 'music-rooms-test'): Promise<S3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: process.env.S3RVER_LOG !== '1',
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  addMultipartListing(server, directory);
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
