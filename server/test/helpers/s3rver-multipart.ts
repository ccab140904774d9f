import fs from 'node:fs/promises';
import path from 'node:path';
import type S3rver from 's3rver';

type KoaContext = {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: string;
};

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const XMLNS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"';

// s3rver keeps each multipart upload in <bucket>/._S3rver_uploads/<uploadId>/: its key in `key`,
// part n in `n` and its MD5 in `n.md5`.
const uploadsDir = (directory: string, bucket: string) =>
  path.join(directory, bucket, '._S3rver_uploads');

function answerXml(ctx: KoaContext, body: string) {
  ctx.type = 'application/xml';
  ctx.body = XML_HEAD + body;
}

/** ListParts: the parts an upload holds so far. */
async function listParts(ctx: KoaContext, dir: string, names: string[], bucket: string) {
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
  const key = await fs.readFile(path.join(dir, 'key'), 'utf8');
  const uploadId = path.basename(dir);
  answerXml(
    ctx,
    `<ListPartsResult ${XMLNS}><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId>` +
      `<IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}

/** ListMultipartUploads: the uploads begun and neither completed nor aborted, under a prefix. */
async function listUploads(ctx: KoaContext, directory: string, bucket: string) {
  const root = uploadsDir(directory, bucket);
  const ids = await fs.readdir(root).catch(() => [] as string[]);
  const prefix = ctx.query.prefix ?? '';
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const keyFile = path.join(root, id, 'key');
      const [key, stat] = await Promise.all([fs.readFile(keyFile, 'utf8'), fs.stat(keyFile)]);
      return { id, key, initiated: stat.mtime.toISOString() };
    }),
  );
  const entries = uploads
    .filter((upload) => upload.key.startsWith(prefix))
    .map(
      (u) =>
        `<Upload><Key>${u.key}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated}</Initiated></Upload>`,
    );
  answerXml(
    ctx,
    `<ListMultipartUploadsResult ${XMLNS}><Bucket>${bucket}</Bucket><Prefix>${prefix}</Prefix>` +
      `<IsTruncated>false</IsTruncated>${entries.join('')}</ListMultipartUploadsResult>`,
  );
}

/**
 * s3rver lacks three calls of the multipart protocol that resumable uploads use: ListParts (how
 * far an upload got), AbortMultipartUpload and ListMultipartUploads (to find uploads left
 * unfinished). This adds them over its own files.
 */
export function addMultipartCalls(server: S3rver, directory: string): void {
  server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket = '', ...keyParts] = ctx.path.split('/').filter((part, i) => i < 2 || part);
    if (ctx.method === 'GET' && keyParts.length === 0 && ctx.query.uploads !== undefined) {
      return listUploads(ctx, directory, bucket);
    }
    const isList = ctx.method === 'GET' && uploadId && ctx.query.partNumber === undefined;
    const isAbort = ctx.method === 'DELETE' && uploadId;
    if (!isList && !isAbort) return next();
    const dir = path.join(uploadsDir(directory, bucket), uploadId!);
    const names = await fs.readdir(dir).catch(() => null);
    if (!names) {
      ctx.status = 404;
      answerXml(ctx, '<Error><Code>NoSuchUpload</Code></Error>');
      return;
    }
    if (isList) return listParts(ctx, dir, names, bucket);
    await fs.rm(dir, { recursive: true, force: true });
    ctx.status = 204;
  });
}
