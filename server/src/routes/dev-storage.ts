import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEV_STORAGE_LIMITS, text } from '@music-rooms/domain';
import { requireSuperAdmin } from '../services/accounts/super-admin';
import { readObject, storeUpload } from '../services/dev/storage-tools';
import { bodySchemaOf } from './zod-schema';

const uploadQuery = z.object({ name: text().min(1).max(255) });
const downloadQuery = z.object({ key: text().min(1).max(DEV_STORAGE_LIMITS.prefixMax) });

/** The storage page's file transfers, which a function call cannot carry. */
export const DEV_STORAGE_OBJECTS = '/api/dev/storage/objects';

/**
 * Stores a file the page sends (its raw bytes, under `dev/`) and hands any object back as a
 * download. A super administrator's only: anyone else gets 404, as the pages do. The body must
 * be `application/octet-stream`, which no other site's form can send without asking first.
 */
export async function devStorageRoutes(app: FastifyInstance) {
  const deps = () => ({ db: app.database.db, config: app.config, ...app.tracksRuntime });
  const superAdmin = async (request: FastifyRequest) =>
    requireSuperAdmin(deps(), { userId: (await app.resolveCaller(request)).userId });

  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: DEV_STORAGE_LIMITS.uploadMaxBytes },
    (_request, body, done) => done(null, body),
  );

  app.post(
    DEV_STORAGE_OBJECTS,
    { schema: { querystring: bodySchemaOf(uploadQuery) } },
    async (request: FastifyRequest<{ Querystring: z.infer<typeof uploadQuery> }>, reply) => {
      await superAdmin(request);
      if (!Buffer.isBuffer(request.body)) return reply.status(415).send();
      return storeUpload(deps(), request.query.name, request.body, 'application/octet-stream');
    },
  );

  app.get(
    DEV_STORAGE_OBJECTS,
    { schema: { querystring: bodySchemaOf(downloadQuery) } },
    async (request: FastifyRequest<{ Querystring: z.infer<typeof downloadQuery> }>, reply) => {
      await superAdmin(request);
      const { object, body } = await readObject(deps(), request.query.key);
      const fileName = object.key.split('/').pop() ?? 'object';
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', object.size)
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(body);
    },
  );
}
