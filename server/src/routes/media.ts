import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { roomAccessArgs, text, trackIdSchema, type TrackId } from '@music-rooms/domain';
import type { ByteRange } from '../storage';
import type { MediaFile } from '../services/tracks/media';
import { trackFile } from '../services/tracks/media';
import { playbackFile, playbackManifest } from '../services/tracks/playback';
import { bodySchemaOf } from './zod-schema';

const params = z.object({ id: trackIdSchema });
const query = z.object(roomAccessArgs);
type MediaRequest = FastifyRequest<{ Params: { id: TrackId }; Querystring: z.input<typeof query> }>;
const schema = { params: bodySchemaOf(params), querystring: bodySchemaOf(query) };
const dataQuery = z.object({ ...roomAccessArgs, v: text().max(64).optional() });
type DataRequest = FastifyRequest<{
  Params: { id: TrackId };
  Querystring: z.input<typeof dataQuery>;
}>;
const dataSchema = { params: bodySchemaOf(params), querystring: bodySchemaOf(dataQuery) };

/** A playback copy's bytes never change under one version: the browser may keep them a year. */
const VERSIONED_MAX_AGE_S = 31_536_000;
/** A redirect lives shorter than the presigned address it points to (5 minutes). */
const REDIRECT_MAX_AGE_S = 60;

/**
 * Serves a stored file: 304 when the browser's copy is current, 206 for a Range, or on S3 a
 * redirect to a short-lived presigned address. Private caching only: who may fetch it depends
 * on the room.
 */
export async function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: MediaFile,
  maxAge: number,
) {
  const { stored } = file;
  reply
    .header('cache-control', `private, max-age=${maxAge}`)
    .header('etag', stored.etag)
    .header('accept-ranges', 'bytes')
    .header('last-modified', stored.lastModified.toUTCString());
  if (request.headers['if-none-match'] === stored.etag) return reply.status(304).send();
  if (file.presignedUrl) {
    const redirectAge = Math.min(maxAge, REDIRECT_MAX_AGE_S);
    reply.header('cache-control', `private, max-age=${redirectAge}`);
    return reply.redirect(await file.presignedUrl(), 302);
  }
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRange && ifRange !== stored.etag ? undefined : request.headers.range;
  const range = parseByteRange(rangeHeader, stored.size);
  reply.type(file.contentType);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${stored.size}`).send();
  }
  if (!range) return reply.header('content-length', stored.size).send(await file.read());
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
    .header('content-length', range.end - range.start + 1)
    .send(await file.read(range));
}

/** Track audio, covers and playback copies, for the people who may view the track's room. */
export async function mediaRoutes(app: FastifyInstance) {
  const { storage, playback } = app.tracksRuntime;
  const deps = { db: app.database.db, storage, playback };
  const viewer = async (request: FastifyRequest) => ({
    userId: (await app.resolveCaller(request)).userId,
  });

  // The audio (read in segments with Range by the player), and the cover shown (its URL
  // carries its version, so a new cover is a new address and may be kept a day).
  for (const [which, maxAge] of [
    ['audio', 3600],
    ['cover', 86_400],
  ] as const) {
    app.get(`/api/tracks/:id/${which}`, { schema }, async (request: MediaRequest, reply) => {
      const caller = await viewer(request);
      const file = await trackFile(deps, caller, request.params.id, request.query, which);
      return sendMediaFile(request, reply, file, maxAge);
    });
  }

  // How the player fetches and decodes a track in segments (PlaybackManifest).
  app.get('/api/tracks/:id/playback', { schema }, async (request: MediaRequest) => {
    const caller = await viewer(request);
    return playbackManifest(deps, caller, request.params.id, request.query);
  });

  // The playback copy's bytes, read by the player in byte ranges of whole FLAC frames.
  app.get(
    '/api/tracks/:id/playback/data',
    { schema: dataSchema },
    async (request: DataRequest, reply) => {
      const caller = await viewer(request);
      const { v, ...pass } = request.query;
      const { file, current } = await playbackFile(deps, caller, request.params.id, pass, v);
      return sendMediaFile(request, reply, file, current ? VERSIONED_MAX_AGE_S : 0);
    },
  );
}

/**
 * The one byte range a Range header asks for within a file of `size` bytes: null for the
 * whole file (no header, several ranges, another unit), 'unsatisfiable' when it starts past the
 * end. Forms: `bytes=0-99`, `bytes=100-` (to the end), `bytes=-500` (the last 500 bytes).
 */
function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
