import type { FastifyInstance } from 'fastify';
import { REALTIME_TOKEN_PATH, type RealtimeToken } from '@music-rooms/domain';

const schema = {
  response: {
    200: {
      type: 'object',
      required: ['token', 'expiresAt', 'ttlMs'],
      properties: {
        token: { type: 'string' },
        expiresAt: { type: 'number' },
        ttlMs: { type: 'number' },
      },
    },
  },
};

/** GET /api/realtime/token: a short-lived token that opens a realtime connection as the caller. */
export async function realtimeTokenRoutes(app: FastifyInstance) {
  app.get(REALTIME_TOKEN_PATH, { schema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const caller = await app.resolveCaller(request);
    return app.realtimeTokens.issue(caller) satisfies RealtimeToken;
  });
}
