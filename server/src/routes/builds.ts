import type { FastifyInstance } from 'fastify';
import type { BuildInfo } from '@music-rooms/domain';
import { notFound } from '../errors';
import { readBuildMeta } from '../storage/web-build';

const BUILD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Build updates: clients poll /builds/latest.json to learn that a newer build is out,
 * and /builds/meta/{id}.json describes a given build.
 */
export async function buildRoutes(app: FastifyInstance) {
  app.get('/builds/latest.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { id: app.build.id, timestamp: app.build.timestamp } satisfies BuildInfo;
  });

  app.get<{ Params: { file: string } }>('/builds/meta/:file', async (request, reply) => {
    const id = request.params.file.replace(/\.json$/, '');
    if (!BUILD_ID.test(id)) throw notFound();
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    if (id === app.build.id) return { id, timestamp: app.build.timestamp } satisfies BuildInfo;
    const stored = await readBuildMeta(app.config.webDist, id);
    if (stored === null) throw notFound();
    return JSON.parse(stored) as BuildInfo;
  });
}
