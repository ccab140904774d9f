import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AnswerOf, DeclaredAccountRoute, ParamsOf } from '@music-rooms/domain';
import { parseForm } from '../services/accounts/errors';
import { bodySchemaOf } from './zod-schema';

/** The path's parameters as they came: text, which the handler still has to check. */
type RawParams<Route extends DeclaredAccountRoute> = { [Name in keyof ParamsOf<Route>]: string };
type AccountRequest<Route extends DeclaredAccountRoute> = FastifyRequest<{
  Params: RawParams<Route>;
}>;

type ServeOptions = {
  /** Runs before the handler, once the body is parsed (the rate limits). */
  preHandler?: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** What may leave, by status: a response schema drops any other field. */
  response?: Record<number, unknown>;
};

/**
 * Serves an account route as domain declares it (account-routes.ts): its method and path, and
 * Fastify's validation from its body and parameter schemas. A bad body reaches the handler
 * anyway (attachValidation), whose `bodyOf` answers with the form's own §8 key instead of a
 * generic validation message. The handler must answer what the declaration says.
 */
export function serveAccountRoute<Route extends DeclaredAccountRoute>(
  app: FastifyInstance,
  route: Route,
  options: ServeOptions,
  handler: (
    request: AccountRequest<Route>,
    reply: FastifyReply,
  ) => Promise<AnswerOf<Route> | FastifyReply>,
): void {
  app.route<{ Params: RawParams<Route> }>({
    method: route.method,
    url: route.path,
    attachValidation: true,
    schema: {
      ...(route.body ? { body: bodySchemaOf(route.body) } : {}),
      ...(route.params ? { params: bodySchemaOf(route.params) } : {}),
      ...(options.response ? { response: options.response } : {}),
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler,
  });
}

/** The request's body as the route's schema reads it, or 400 with the form's message. */
export function bodyOf<Body extends z.ZodType>(
  route: DeclaredAccountRoute & { body: Body },
  request: FastifyRequest,
): z.output<Body> {
  return parseForm(route.body, request.body);
}
