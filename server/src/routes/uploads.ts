import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@tus/server';
import { LIMITS, TOPICS, type RoomId, type UserId } from '@music-rooms/domain';
import { DomainError, httpStatusOf } from '../errors';
import { clientError } from '../plugins/error-handler';
import type { RequestDeps } from '../services/deps';
import {
  authorizeUpload,
  finishUpload,
  recordUpload,
  requireUploaderRight,
  type FinishedUpload,
  type UploadRequest,
} from '../services/tracks/uploads';
import { trackErrors } from '../services/tracks/errors';
import { findUpload, updateUpload } from '../services/tracks/upload-store';
import { tellTracksAdded } from '../services/rooms/activity-news';
import { newUploadId } from '../storage/upload-files';
import {
  isCreationAddress,
  uploadIdOfAddress,
  uploadLengthOf,
  uploadRequestOf,
  UPLOADS_PATH,
} from './upload-request';

/** A refusal thrown from inside tus (its hooks), which answers it as given: the usual body. */
const tusRefusal = (error: DomainError) => ({
  status_code: httpStatusOf(error),
  body: JSON.stringify(clientError(httpStatusOf(error), error)),
});

type Pending = { userId: UserId; roomId: RoomId; request: UploadRequest; length: number };
type TusRequest = { runtime?: { node?: { req: IncomingMessage } } };

const nodeRequestOf = (req: unknown) => (req as TusRequest).runtime?.node?.req;

const UPLOAD_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * /api/uploads: resumable uploads (tus 1.0 with creation, creation-with-upload, termination and
 * expiration) of audio into a room, or of a cover for a track. Who may upload is checked on the
 * creating request, before tus stores a byte; every later request must come from the uploader,
 * and every PATCH from one who still may add to the room.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const deps: Pick<RequestDeps, 'db' | 'config' | 'jobs' | 'uploadFiles' | 'attempts'> = {
    db: app.database.db,
    config: app.config,
    jobs: app.jobs,
    uploadFiles: app.tracksRuntime.uploadFiles,
    attempts: app.roomRuntime.attempts,
  };
  const activityDeps = { db: app.database.db, activity: app.roomRuntime.activity };
  const pending = new WeakMap<IncomingMessage, Pending>();
  const publishUpload = (userId: UserId, roomId: RoomId) =>
    app.topics.publish([TOPICS.uploads(userId), TOPICS.tracks(roomId), TOPICS.playlists(roomId)]);

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: app.tracksRuntime.uploadFiles.datastore,
    relativeLocation: true,
    respectForwardedHeaders: app.config.trustProxy,
    allowedOrigins: [new URL(app.config.publicUrl).origin],
    maxSize: Math.max(app.config.maxAudioFileSize, LIMITS.trackCover.maxBytes),
    namingFunction: () => newUploadId(),
    // The id the route checked the uploader of: read from the same raw address, the same way.
    getFileIdFromRequest: (req) => uploadIdOfAddress(nodeRequestOf(req)?.url) ?? undefined,
    async onUploadCreate(req, upload) {
      const caller = pending.get(nodeRequestOf(req)!);
      if (!caller) throw { status_code: 403, body: 'Forbidden\n' };
      await recordUpload(deps, { id: upload.id, ...caller });
      return {};
    },
    onResponseError: (req, error) => storageFailure(req, error),
    async onUploadFinish(_req, upload) {
      const finished = await finishUpload(deps, upload.id);
      await published(finished);
      if (finished?.refusal) throw tusRefusal(finished.refusal);
      return {};
    },
  });

  /**
   * What tus answers when the datastore failed (its 5xx): the cause goes to the log at error
   * level with the upload and its room, and the client gets a reason it can translate. tus's
   * own refusals (4xx) and ours pass as they are.
   */
  async function storageFailure(req: unknown, error: Error | { status_code: number }) {
    if ('status_code' in error && error.status_code < 500) return undefined;
    const node = nodeRequestOf(req);
    const uploadId = uploadIdOfAddress(node?.url);
    const upload = uploadId ? await findUpload(deps.db, uploadId).catch(() => null) : null;
    const roomId = upload?.roomId ?? (node ? pending.get(node)?.roomId : undefined) ?? null;
    app.log.error(
      { err: error, uploadId, roomId, method: node?.method },
      'an upload failed in storage',
    );
    return tusRefusal(trackErrors.storageUnavailable());
  }

  async function published(finished: FinishedUpload | null) {
    if (!finished) return;
    const { userId, roomId, kind } = finished.row;
    await publishUpload(userId, roomId);
    // The room's members hear that a track came in (the activity line groups them).
    if (kind === 'audio' && !finished.refusal) {
      await tellTracksAdded(activityDeps, userId, roomId, 1).catch((err: unknown) =>
        app.log.error({ err }, 'room activity failed'),
      );
    }
  }

  const refuse = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof DomainError)) throw error;
    const { retryAfterMs } = error.data;
    if (typeof retryAfterMs === 'number') {
      reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
    }
    return reply
      .status(httpStatusOf(error))
      .header('tus-resumable', '1.0.0')
      .send(clientError(httpStatusOf(error), error));
  };

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    // Never the router's idea of the id (it stops at `?`, `#` and `;`): the one tus will use.
    const id = uploadIdOfAddress(request.raw.url);
    try {
      if (request.method === 'POST') await admitCreation(request);
      else if (request.method !== 'OPTIONS') await admitUploader(request, id);
    } catch (error) {
      return refuse(reply, error);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
    if (request.method === 'HEAD' && id) await recoverFinished(id);
    if (request.method === 'DELETE' && id) await cancelled(id);
  }

  async function admitCreation(request: FastifyRequest) {
    if (!isCreationAddress(request.raw.url)) throw trackErrors.uploadNotFound();
    const { userId } = await app.resolveCaller(request);
    const uploadRequest = uploadRequestOf(request.headers['upload-metadata'] as string);
    const length = uploadLengthOf(request.headers['upload-length'] as string);
    const roomId = await authorizeUpload(deps, { userId }, uploadRequest, length);
    pending.set(request.raw, { userId: userId!, roomId, request: uploadRequest, length });
  }

  async function admitUploader(request: FastifyRequest, id: string | null) {
    if (!id) throw trackErrors.uploadNotFound();
    const { userId } = await app.resolveCaller(request);
    const upload = await findUpload(deps.db, id);
    if (!upload || upload.userId !== userId) throw trackErrors.uploadNotFound();
    if (request.method !== 'PATCH') return;
    await requireUploaderRight(deps, upload).catch(async (refusal: unknown) => {
      await publishUpload(upload.userId, upload.roomId);
      throw refusal;
    });
  }

  // All bytes arrived but the server stopped before it could say so: finish on the next look.
  async function recoverFinished(id: string) {
    const upload = await findUpload(deps.db, id);
    if (upload?.status !== 'uploading') return;
    const stored = await app.tracksRuntime.uploadFiles.datastore.getUpload(id).catch(() => null);
    if (stored && stored.size !== undefined && stored.offset === stored.size) {
      await published(await finishUpload(deps, id));
    }
  }

  async function cancelled(id: string) {
    const row = await updateUpload(deps.db, id, { status: 'cancelled' }, ['uploading']);
    if (row) await publishUpload(row.userId, row.roomId);
  }

  // Unfinished uploads older than a day are removed, with their bytes.
  const sweep = setInterval(() => void tus.cleanUpExpiredUploads().catch(() => 0), 3_600_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  await app.register(async (scope) => {
    // tus sends the bytes as application/offset+octet-stream; tus itself reads the stream.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
      done(null),
    );
    scope.route({ method: [...UPLOAD_METHODS], url: UPLOADS_PATH, handler: handle });
    scope.route({ method: [...UPLOAD_METHODS], url: `${UPLOADS_PATH}/:id`, handler: handle });
  });
}
