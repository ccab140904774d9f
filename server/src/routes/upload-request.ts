import { z } from 'zod';
import {
  findMalformedText,
  playlistIdSchema,
  roomIdSchema,
  text,
  trackIdSchema,
} from '@music-rooms/domain';
import { badRequest } from '../errors';
import type { UploadRequest } from '../services/tracks/uploads';

/**
 * What a tus request names: the upload, by its address (the request line's target), and what
 * the uploader declares in its headers (the room, the file, the length).
 */

/** Where uploads are created; an upload lives at this path followed by its id. */
export const UPLOADS_PATH = '/api/uploads';

/**
 * An upload's own address: nothing after the id, no query, fragment or `;` parameter. Ids are
 * `upload-` and 32 hex digits; uploads begun before ids had the prefix stay resumable.
 */
const UPLOAD_ADDRESS = /^\/api\/uploads\/((?:upload-)?[0-9a-f]{32})$/;

/** The scheme and host of an address in absolute form (`PATCH http://host/api/uploads/…`). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The upload an address (the request line's target, as the client sent it) names, or null.
 * The route's check of the uploader and tus's reading of the id both call this on the same
 * string, so the upload whose owner was checked is the upload tus acts on; anything looser
 * (a query, a fragment, an encoded slash) could name one upload to one and another to the other.
 */
export function uploadIdOfAddress(address: string | undefined): string | null {
  const path = (address ?? '').replace(ORIGIN, '');
  return UPLOAD_ADDRESS.exec(path)?.[1] ?? null;
}

/** Whether an address is the creation endpoint itself, with nothing after it. */
export const isCreationAddress = (address: string | undefined) =>
  (address ?? '').replace(ORIGIN, '') === UPLOADS_PATH;

/** tus Upload-Metadata: comma-separated `key base64(value)` pairs (a key alone means empty). */
export function parseTusMetadata(header: string | undefined): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (!key) continue;
    entries[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return entries;
}

const fileName = text().trim().min(1).max(255);
const fileType = text().max(100).optional();

const audioMetadata = z.object({
  kind: z.literal('audio').default('audio'),
  roomId: roomIdSchema,
  playlistId: playlistIdSchema.optional(),
  filename: fileName,
  filetype: fileType,
});

const coverMetadata = z.object({
  kind: z.literal('cover'),
  trackId: trackIdSchema,
  filename: fileName,
  filetype: fileType,
});

/**
 * What an upload is for, from its metadata: audio for a room (and maybe one of its playlists),
 * or a cover for a track. The file name is kept only to be shown.
 */
export function uploadRequestOf(header: string | undefined): UploadRequest {
  const raw = parseTusMetadata(header);
  if (findMalformedText(raw)) throw badRequest('Upload-Metadata holds malformed text');
  const parsed = z.union([coverMetadata, audioMetadata]).safeParse(raw);
  if (!parsed.success) throw badRequest('Upload-Metadata needs roomId and filename');
  const meta = parsed.data;
  const common = { fileName: meta.filename, fileType: meta.filetype ?? null };
  return meta.kind === 'cover'
    ? { kind: 'cover', trackId: meta.trackId, ...common }
    : { kind: 'audio', roomId: meta.roomId, playlistId: meta.playlistId ?? null, ...common };
}

/** The declared length: required (a deferred length could not be checked against the cap). */
export function uploadLengthOf(header: string | undefined): number {
  const length = Number(header);
  if (!header || !Number.isSafeInteger(length) || length < 0) {
    throw badRequest('Upload-Length is required');
  }
  return length;
}
