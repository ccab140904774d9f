import type { FastifyInstance } from 'fastify';
import { COMING_PARTS, type HealthStatus } from '@music-rooms/domain';
import { pingDatabase } from '../db';

/** GET /api/health: is this node able to serve, and on what is it running. */
export async function healthRoutes(app: FastifyInstance) {
  // Load balancers ask every few seconds: their requests are logged only when something fails.
  app.get('/api/health', { logLevel: 'warn' }, async (_request, reply) => {
    await pingDatabase(app.database.db);
    reply.header('cache-control', 'no-store');
    return {
      status: 'ok',
      db: app.database.kind,
      realtime: app.config.redisUrl ? 'redis' : 'memory',
      storage: app.config.storage,
      version: app.build.version,
      coming: [...COMING_PARTS],
    } satisfies HealthStatus;
  });
}
