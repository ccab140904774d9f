import { Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { Response } from 'undici';
import { DomainError } from '@music-rooms/domain';
import { ScratchWriteError, writeStreamToFile } from '../../storage/scratch-files';
import { trackErrors } from '../tracks/errors';
import { yandexErrors } from './errors';
import type { YandexMusicClient } from './client';
import { outsideUrl } from './outside-url';

/** Where a download goes, how large it may be, and who hears its progress. */
export type StreamTarget = {
  file: string;
  maxBytes: number;
  /** Cut the download when no byte came for this long. */
  idleTimeoutMs: number;
  onProgress: (bytesDone: number, bytesTotal: number | null) => void;
};

/** The storage answered that the signed link is no longer good (410 Gone, 403). */
export class ExpiredLink extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Audio, or bytes of no declared kind; an HTML error page or JSON is no track. */
const isAudioType = (type: string) =>
  type === '' || /^audio\//.test(type) || /^(application|binary)\/octet-stream$/.test(type);

/** Opens a storage address with no token, through the client's guarded agent. */
async function open(client: YandexMusicClient, url: URL, signal: AbortSignal): Promise<Response> {
  try {
    return await client.fetchOutside(url, { redirect: 'manual', signal });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw yandexErrors.networkError();
  }
}

/**
 * Opens the link, following one redirect (the storage may hand the file to another host); each
 * hop's address is checked again, by its URL and where it connects.
 */
async function openFollowingOneRedirect(
  client: YandexMusicClient,
  link: URL,
  signal: AbortSignal,
): Promise<Response> {
  const first = await open(client, link, signal);
  const location = first.headers.get('location');
  if (!REDIRECTS.has(first.status) || !location) return first;
  await first.body?.cancel();
  const next = outsideUrl(client.addressing, new URL(location, link).toString());
  if (!next) throw yandexErrors.downloadFailed(first.status, first.statusText);
  const second = await open(client, next, signal);
  if (REDIRECTS.has(second.status)) {
    await second.body?.cancel();
    throw yandexErrors.downloadFailed(second.status, second.statusText);
  }
  return second;
}

/** Checks the answer before any byte is written: status, content type, declared size. */
function checkAnswer(response: Response, target: StreamTarget & { minBytes: number }) {
  if (response.status === 410 || response.status === 403) throw new ExpiredLink();
  if (!response.ok || !response.body) {
    throw yandexErrors.downloadFailed(response.status, response.statusText);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isAudioType(type)) throw yandexErrors.unexpectedContentType(type);
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(declared) ? declared : null;
  if (total !== null && total < target.minBytes) throw yandexErrors.fileTooSmall(total);
  if (total !== null && total > target.maxBytes) throw trackErrors.fileTooLarge(target.maxBytes);
  return { type, total };
}

/**
 * Streams a direct link into a file without holding it in memory: progress as bytes arrive, a
 * cut when none arrive for a while or past the size cap, and the size checked at the end.
 */
export async function streamToFile(
  client: YandexMusicClient,
  link: URL,
  target: StreamTarget & { minBytes: number },
  signal: AbortSignal,
): Promise<{ bytes: number; contentType: string }> {
  const abort = new AbortController();
  const linked = AbortSignal.any([signal, abort.signal]);
  // A storage that keeps its answer back counts as idle too.
  const waiting = setTimeout(() => abort.abort(), target.idleTimeoutMs);
  const response = await openFollowingOneRedirect(client, link, linked).finally(() =>
    clearTimeout(waiting),
  );
  try {
    const { type, total } = checkAnswer(response, target);
    const bytes = await copy(response, target, total, abort, linked);
    if (bytes < target.minBytes) throw yandexErrors.fileTooSmall(bytes);
    return { bytes, contentType: type };
  } finally {
    if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
  }
}

async function copy(
  response: Response,
  target: StreamTarget,
  total: number | null,
  abort: AbortController,
  signal: AbortSignal,
): Promise<number> {
  let bytes = 0;
  let tooLarge = false;
  let idle = setTimeout(() => abort.abort(), target.idleTimeoutMs);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      clearTimeout(idle);
      idle = setTimeout(() => abort.abort(), target.idleTimeoutMs);
      if (bytes > target.maxBytes) {
        tooLarge = true;
        done(new Error('over the size cap'));
        return;
      }
      target.onProgress(bytes, total);
      done(null, chunk);
    },
  });
  const source = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>, { signal });
  try {
    await writeStreamToFile(target.file, source, counter);
  } catch (error) {
    if (tooLarge) throw trackErrors.fileTooLarge(target.maxBytes);
    if (error instanceof ScratchWriteError) throw yandexErrors.localDownloadFailed();
    throw yandexErrors.networkError();
  } finally {
    clearTimeout(idle);
  }
  if (total !== null && bytes < total) throw yandexErrors.networkError();
  return bytes;
}
