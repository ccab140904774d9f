import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  fieldOfPath,
  findMalformedText,
  PLATFORM_ERROR_CODES,
  VALIDATION,
} from '@music-rooms/domain';
import { DomainError } from '../errors';
import { jsonNestsDeeperThan } from '../json-nesting';

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
 * Refuses a JSON body nested deeper than MAX_JSON_NESTING before it is parsed (400
 * validation.invalidFormat on the field `body`, for routes and backend functions alike), then
 * refuses, on every route and before its schema or any preHandler (the rate limits read the
 * body) runs, a request whose body, query or path holds a NUL character or a lone surrogate
 * anywhere. The schemas' text() says the same for their fields; this is the net for whatever a
 * route author did not put through one, so such a string never reaches the database.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    refuseDeepJson(app);
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

/** Fastify's own JSON parser, after a scan of the raw text for its depth. */
function refuseDeepJson(app: FastifyInstance) {
  const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
  const parseJson = app.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonNestsDeeperThan(text)) return done(malformedInput('body'), undefined);
    parseJson(request, text, done);
  });
}

function bodyToCheck(request: FastifyRequest): unknown {
  const skips = request.routeOptions.config.textGuardSkips ?? [];
  const { body } = request;
  if (skips.length === 0 || body === null || typeof body !== 'object') return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !skips.includes(name)));
}
