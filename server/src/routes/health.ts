import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMING_PARTS, type HealthDetail, type HealthStatus } from '@music-rooms/domain';
import { pingDatabase } from '../db';
import { isSuperAdmin } from '../services/accounts/users-store';

/** The detail a super administrator's request gets; anyone else's (a load balancer's) none. */
async function detailFor(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<HealthDetail | null> {
  if (!request.headers.cookie) return null;
  const current = await app.currentSession(request);
  if (!current || !isSuperAdmin(current.user, app.config.superAdminEmails)) return null;
  return { ffmpeg: app.tracksRuntime.ffmpeg };
}

/** GET /api/health: is this node able to serve, and on what is it running. */
export async function healthRoutes(app: FastifyInstance) {
  // Load balancers ask every few seconds: their requests are logged only when something fails.
  app.get('/api/health', { logLevel: 'warn' }, async (request, reply) => {
    await pingDatabase(app.database.db);
    reply.header('cache-control', 'no-store');
    const detail = await detailFor(app, request);
    return {
      status: 'ok',
      db: app.database.kind,
      realtime: app.config.redisUrl ? 'redis' : 'memory',
      storage: app.config.storage,
      version: app.build.version,
      coming: [...COMING_PARTS],
      ...(detail ? { detail } : {}),
    } satisfies HealthStatus;
  });
}
