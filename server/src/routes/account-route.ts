import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_ROUTE_SCHEMAS,
  type AccountRouteSchemas,
  type AnswerOf,
  type DeclaredAccountRoute,
  type ParamsOf,
  type RouteSchemas,
} from '@music-rooms/domain';
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
  const schemas: RouteSchemas = ACCOUNT_ROUTE_SCHEMAS[route.name];
  app.route<{ Params: RawParams<Route> }>({
    method: route.method,
    url: route.path,
    attachValidation: true,
    schema: {
      ...(schemas.body ? { body: bodySchemaOf(schemas.body) } : {}),
      ...(schemas.params ? { params: bodySchemaOf(schemas.params) } : {}),
      ...(options.response ? { response: options.response } : {}),
    },
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler,
  });
}

/** Routes that take a JSON body, by name. */
type BodyRouteName = {
  [Name in keyof AccountRouteSchemas]: AccountRouteSchemas[Name] extends { body: z.ZodType }
    ? Name
    : never;
}[keyof AccountRouteSchemas];

/** The body schema of a route that takes one. */
export function bodySchema<Name extends BodyRouteName>(route: {
  readonly name: Name;
}): AccountRouteSchemas[Name]['body'] {
  return ACCOUNT_ROUTE_SCHEMAS[route.name].body;
}

/** The request's body as the route's schema reads it, or 400 with the form's message. */
export function bodyOf<Name extends BodyRouteName>(
  route: { readonly name: Name },
  request: FastifyRequest,
): z.output<AccountRouteSchemas[Name]['body']> {
  // The schema is the route's own; TypeScript cannot follow a generic name into the table.
  return parseForm(bodySchema(route) as z.ZodType, request.body) as z.output<
    AccountRouteSchemas[Name]['body']
  >;
}
