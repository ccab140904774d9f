import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ByteRange, Storage, StoredObject } from './types';

export type S3Settings = {
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** Where browsers reach the endpoint when not at `endpoint` (a CDN or proxy); presigned links go there. */
  publicUrl?: string | null;
};

export function s3Client(settings: Omit<S3Settings, 'bucket'>): S3Client {
  const credentials =
    settings.accessKeyId && settings.secretAccessKey
      ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
      : undefined;
  return new S3Client({
    region: settings.region,
    // Checksum trailers (aws-chunked bodies) are AWS's own; many S3-compatible servers would
    // store the chunk framing as the object's bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // MinIO, R2 and most S3-compatible servers answer on paths, not on bucket subdomains.
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(credentials ? { credentials } : {}),
  });
}

/** The links browsers follow are signed for the public address when there is one. */
const presigning = <T extends Omit<S3Settings, 'bucket'>>(settings: T): T =>
  settings.publicUrl ? { ...settings, endpoint: settings.publicUrl } : settings;

/**
 * The origin of every presigned link (the page's Content-Security-Policy lets it in), worked out
 * by the presigner itself: a bucket subdomain on AWS (virtual-hosted), the endpoint's own host
 * with S3_ENDPOINT (path style), or S3_PUBLIC_URL. Signing is local: no request is made.
 */
export async function presignedOrigin(settings: S3Settings): Promise<string> {
  const anyKeys = { accessKeyId: 'origin', secretAccessKey: 'origin' };
  const client = s3Client({ ...presigning(settings), ...anyKeys });
  try {
    const command = new GetObjectCommand({ Bucket: settings.bucket, Key: 'origin' });
    return new URL(await getSignedUrl(client, command, { expiresIn: 60 })).origin;
  } finally {
    client.destroy();
  }
}

/** The bucket answered that the object (or the multipart upload) is not there. */
export const isMissing = (error: unknown) => {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return status === 404;
};

/** An S3-compatible bucket (AWS, R2, MinIO); audio reaches browsers by presigned URLs. */
export function s3Storage(settings: S3Settings, client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;
  const presigner = settings.publicUrl ? s3Client(presigning(settings)) : client;

  async function stat(key: string): Promise<StoredObject | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? `"${key}"`,
        lastModified: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function put(key: string, Body: Buffer | Readable, ContentType: string, length: number) {
    await client.send(
      new PutObjectCommand({ Bucket, Key: key, Body, ContentType, ContentLength: length }),
    );
    const stored = await stat(key);
    if (!stored) throw new Error(`S3 lost ${key} right after storing it`);
    return stored;
  }

  async function read(key: string, range?: ByteRange): Promise<Readable> {
    const Range = range ? `bytes=${range.start}-${range.end}` : undefined;
    const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range }));
    return answer.Body as Readable;
  }

  return {
    kind: 's3',
    async putFile(key, filePath, contentType) {
      const { size } = await fs.promises.stat(filePath);
      return put(key, fs.createReadStream(filePath), contentType, size);
    },
    putBuffer: (key, bytes, contentType) => put(key, bytes, contentType, bytes.length),
    stat,
    read,
    async download(key, filePath) {
      await pipeline(await read(key), fs.createWriteStream(filePath));
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix, { after, limit }) {
      // The first listing call (with a marker): every S3-compatible server has it, where some
      // cannot mint the second one's continuation tokens.
      const answer = await client.send(
        new ListObjectsCommand({
          Bucket,
          Prefix: prefix || undefined,
          MaxKeys: limit,
          Marker: after ?? undefined,
        }),
      );
      const objects = (answer.Contents ?? []).map((item) => ({
        key: item.Key ?? '',
        size: item.Size ?? 0,
        etag: item.ETag ?? `"${item.Key}"`,
        lastModified: item.LastModified ?? new Date(0),
      }));
      return { objects, next: answer.IsTruncated ? (objects.at(-1)?.key ?? null) : null };
    },
    presignedUrl: (key, ttlSeconds) =>
      getSignedUrl(presigner, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: ttlSeconds,
      }),
    async check() {
      const key = `checks/${randomUUID()}`;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: '' }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
