import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import {
  fieldOfPath,
  findMalformedText,
  PLATFORM_ERROR_CODES,
  VALIDATION,
} from '@music-rooms/domain';
import { DomainError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Body fields this route has checked later by the same rule, with an answer of its own:
     * the function endpoints leave `args` to the function runner (560 invalid_args).
     */
    textGuardSkips?: readonly string[];
  }
}

/** 400 validation.invalidFormat for the field (`query.x`, `params.x` outside the body). */
export const malformedInput = (field: string) =>
  new DomainError(PLATFORM_ERROR_CODES.invalidRequest, VALIDATION.invalidFormat, { field });

/**
 * Refuses, on every route and before its schema or any preHandler (the rate limits read the
 * body) runs, a request whose body, query or path holds a NUL character or a lone surrogate
 * anywhere. The schemas' text() says the same for their fields; this is the net for whatever a
 * route author did not put through one, so such a string never reaches the database.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      const at = findMalformedText({
        body: bodyToCheck(request),
        query: request.query,
        params: request.params,
      });
      if (!at) return;
      throw malformedInput(fieldOfPath(at[0] === 'body' ? at.slice(1) : at));
    });
  },
  { name: 'input-guard' },
);

function bodyToCheck(request: FastifyRequest): unknown {
  const skips = request.routeOptions.config.textGuardSkips ?? [];
  const { body } = request;
  if (skips.length === 0 || body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !skips.includes(name)));
}
