import type { FastifyInstance } from 'fastify';
import { DEBUG_EVENT_LIMITS, debugEventSchema, type DebugEvent } from '@music-rooms/domain';
import { badRequest } from '../errors';
import { bodySchemaOf } from './zod-schema';

/** POST /api/debug_event: a browser reports an error it met; the report goes to the server log. */
export async function debugEventRoutes(app: FastifyInstance) {
  app.post<{ Body: DebugEvent }>(
    '/api/debug_event',
    {
      bodyLimit: DEBUG_EVENT_LIMITS.bodyBytes,
      config: { rateLimit: { max: DEBUG_EVENT_LIMITS.perMinutePerIp, timeWindow: 60_000 } },
      schema: { body: bodySchemaOf(debugEventSchema), response: { 204: { type: 'null' } } },
    },
    async (request, reply) => {
      const parsed = debugEventSchema.safeParse(request.body);
      if (!parsed.success) throw badRequest('Invalid debug event');
      request.log.warn({ clientReport: parsed.data }, 'client error report');
      return reply.status(204).send();
    },
  );
}
