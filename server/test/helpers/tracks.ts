import fs from 'node:fs/promises';
import http from 'node:http';
import { expect } from 'vitest';
import * as tus from 'tus-js-client';
import { eq } from 'drizzle-orm';
import type {
  PlaylistId,
  RoomId,
  TrackListResult,
  TrackSummary,
  UploadView,
} from '@music-rooms/domain';
import { tracks } from '../../src/db/schema-tracks';
import type { RoomRow } from '../../src/services/rooms/store';
import { defaultPlaylist } from '../../src/services/tracks/playlist-store';
import { DEFAULT_PLAYLIST_NAME } from '../../src/services/tracks/playlists';
import { addEntry } from '../../src/services/tracks/entry-store';
import { insertTrack, type NewTrack, type TrackRow } from '../../src/services/tracks/store';
import type { TestApp } from './app';
import type { SessionClient } from './factories';

export type TusMetadata = Record<string, string>;

export type TusUploadOptions = {
  chunkSize?: number;
  /** Resume an upload the server already knows (its Location). */
  uploadUrl?: string;
  onProgress?: (sent: number, total: number) => void;
  /** Give up after this many bytes were sent (a cut connection); resolves with the URL so far. */
  stopAfterBytes?: number;
};

/** The tus-js-client Upload error's HTTP answer, when there was one. */
export type TusFailure = { status: number; body: Record<string, unknown> | null };

/**
 * Uploads a file over tus with the official client, as the browser does, sending the client's
 * session cookie. Resolves with the upload URL, or rejects with the server's answer.
 */
export async function tusUpload(
  t: TestApp,
  client: SessionClient,
  file: string | Buffer,
  metadata: TusMetadata,
  options: TusUploadOptions = {},
): Promise<string> {
  const bytes = typeof file === 'string' ? await fs.readFile(file) : file;
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${t.url}/api/uploads`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      metadata,
      headers: client.cookie() ? { cookie: client.cookie() } : {},
      chunkSize: options.chunkSize ?? Number.POSITIVE_INFINITY,
      retryDelays: [],
      onProgress: (sent, total) => {
        options.onProgress?.(sent, total);
        if (options.stopAfterBytes !== undefined && sent >= options.stopAfterBytes) {
          void upload.abort().then(() => resolve(upload.url ?? ''));
        }
      },
      onSuccess: () => resolve(upload.url ?? ''),
      onError: (error) => reject(tusFailureOf(error)),
    });
    upload.start();
  });
}

function tusFailureOf(error: Error): TusFailure | Error {
  const response = (error as tus.DetailedError).originalResponse;
  if (!response) return error;
  const text = response.getBody();
  let body: Record<string, unknown> | null = null;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  } catch {
    body = { text };
  }
  return { status: response.getStatus(), body };
}

export const audioMetadata = (roomId: RoomId, filename: string, extra: TusMetadata = {}) => ({
  roomId,
  filename,
  filetype: 'audio/mpeg',
  ...extra,
});

/** The tracks of a room as a client sees them. */
export async function listTracks(
  client: SessionClient,
  roomId: RoomId,
  args: Record<string, unknown> = {},
): Promise<TrackListResult> {
  const res = await client.call('tracks.list', { roomId, ...args });
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return res.body.value as TrackListResult;
}

/** Polls the room's tracks until one matches (processing runs in the background). */
export async function waitForTrack(
  client: SessionClient,
  roomId: RoomId,
  matches: (track: TrackSummary) => boolean,
  timeoutMs = 30_000,
): Promise<TrackSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { tracks } = await listTracks(client, roomId);
    const found = tracks.find(matches);
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no matching track; tracks: ${JSON.stringify(tracks.map((x) => [x.title, x.status]))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls the caller's uploads until this one reaches a settled state. */
export async function waitForUpload(
  client: SessionClient,
  roomId: RoomId,
  uploadUrl: string,
  timeoutMs = 30_000,
): Promise<UploadView> {
  const uploadId = uploadUrl.split('/').pop()!;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call('uploads.list', { roomId });
    const uploads = (res.body.value ?? []) as UploadView[];
    const upload = uploads.find((item) => item.uploadId === uploadId);
    if (upload && !['uploading', 'processing'].includes(upload.status)) return upload;
    if (Date.now() > deadline) throw new Error(`upload ${uploadId} stayed ${upload?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export type TrackSeed = Partial<Omit<NewTrack, 'roomId'>> & {
  room: RoomRow;
  playlistId?: PlaylistId;
};

/** A seeded track with the playlist it was put in. */
export type SeededTrack = TrackRow & { playlistId: PlaylistId };

/**
 * Inserts a ready track straight into the app's database (at the end of the room's default
 * playlist unless one is named), with a small stored file so that audio requests find something.
 */
export async function createTrack(t: TestApp, seed: TrackSeed): Promise<SeededTrack> {
  const db = t.app.database.db;
  const { room, playlistId, ...fields } = seed;
  const playlist = playlistId ?? (await defaultPlaylist(db, room.id, DEFAULT_PLAYLIST_NAME)).id;
  const track = await insertTrack(db, {
    title: `Track ${Math.random().toString(36).slice(2, 8)}`,
    durationMs: 180_000,
    sizeBytes: 3_000_000,
    status: 'ready',
    ...fields,
    roomId: room.id,
  });
  await addEntry(db, { playlistId: playlist, trackId: track.id, addedBy: track.uploadedBy });
  if (track.audioKey === null && track.status === 'ready') {
    const audioKey = `audio/${track.id}`;
    await t.app.tracksRuntime.storage.putBuffer(
      audioKey,
      Buffer.from('ID3 test bytes'),
      'audio/mpeg',
    );
    const [stored] = await db
      .update(tracks)
      .set({ audioKey, mime: 'audio/mpeg' })
      .where(eq(tracks.id, track.id))
      .returning();
    return { ...stored!, playlistId: playlist };
  }
  return { ...track, playlistId: playlist };
}

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** Reads a raw request's whole answer, then hands it to `resolve`. */
export const answerTo =
  (resolve: (answer: RawAnswer) => void) =>
  (response: http.IncomingMessage): void => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }),
    );
  };

/**
 * One tus request as written, its path sent byte for byte in the request line (a `#` or `?`
 * included, which fetch would cut or encode), with the client's session cookie.
 */
export function rawTusRequest(
  t: TestApp,
  client: SessionClient,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        method,
        path,
        headers: {
          'tus-resumable': '1.0.0',
          ...(client.cookie() ? { cookie: client.cookie() } : {}),
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...headers,
        },
      },
      answerTo(resolve),
    );
    request.on('error', reject);
    request.end(body);
  });
}

const base64 = (value: string) => Buffer.from(value).toString('base64');

/** Creates an upload of `length` bytes without sending any; answers its path (/api/uploads/id). */
export async function createTusUpload(
  t: TestApp,
  client: SessionClient,
  metadata: TusMetadata,
  length: number,
): Promise<string> {
  const header = Object.entries(metadata)
    .map(([key, value]) => `${key} ${base64(value)}`)
    .join(',');
  const res = await rawTusRequest(t, client, 'POST', '/api/uploads', {
    'upload-length': String(length),
    'upload-metadata': header,
  });
  expect(res.status, res.body).toBe(201);
  return new URL(res.headers.location!, t.url).pathname;
}

/** Sends bytes at an offset of an upload (one tus PATCH). */
export function patchTusUpload(
  t: TestApp,
  client: SessionClient,
  path: string,
  offset: number,
  bytes: Buffer,
): Promise<RawAnswer> {
  return rawTusRequest(
    t,
    client,
    'PATCH',
    path,
    { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    bytes,
  );
}
