import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { HealthStatus } from '@music-rooms/domain';

/** GET /api/health: is this node able to serve, and on what is it running. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', async (_request, reply) => {
    await app.database.db.execute(sql`select 1`);
    reply.header('cache-control', 'no-store');
    return {
      status: 'ok',
      db: app.database.kind,
      realtime: app.config.redisUrl ? 'redis' : 'memory',
      storage: app.config.storage,
      version: app.build.version,
    } satisfies HealthStatus;
  });
}
