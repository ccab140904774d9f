import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FUNCTION_ENDPOINTS,
  FUNCTION_ERROR_STATUS,
  functionRequestSchema,
  unwrapFunctionArgs,
  type FunctionEndpoint,
  type FunctionFailure,
  type FunctionKind,
  type FunctionRequest,
  type FunctionSuccess,
} from '@music-rooms/domain';
import type { DomainError } from '../errors';
import { functionNotFound, wrongFunctionKind } from '../functions/function-error';
import { answerEncoding, keptAnswerBytes } from './answer-bytes';
import { bodySchemaOf } from './zod-schema';

/** The kind each endpoint runs; null runs any kind. */
const ENDPOINT_KIND: Record<FunctionEndpoint, FunctionKind | null> = {
  query: 'query',
  mutation: 'mutation',
  action: 'action',
  function: null,
  query_ts: 'query',
  query_at_ts: 'query',
};

const logLines = { type: 'array', items: { type: 'string' } };

const failureJson = {
  type: 'object',
  required: ['status', 'errorMessage', 'errorData', 'logLines'],
  properties: {
    status: { const: 'error' },
    errorMessage: { type: 'string' },
    errorData: { type: 'object', additionalProperties: true },
    logLines,
  },
};

const schema = {
  body: bodySchemaOf(functionRequestSchema),
  response: {
    200: {
      type: 'object',
      required: ['status', 'value', 'logLines'],
      properties: { status: { const: 'success' }, value: {}, logLines, ts: { type: 'number' } },
    },
    [FUNCTION_ERROR_STATUS]: failureJson,
    404: failureJson,
  },
};

/**
 * POST /api/query, /mutation, /action, /function, /query_ts, /query_at_ts: call a backend
 * function by path (spec §7 "Generic backend HTTP endpoints").
 */
export async function functionRoutes(app: FastifyInstance) {
  for (const endpoint of Object.keys(FUNCTION_ENDPOINTS) as FunctionEndpoint[]) {
    app.post<{ Body: FunctionRequest }>(
      FUNCTION_ENDPOINTS[endpoint],
      // The runner checks the args for malformed text and answers as a function does (560).
      { schema, config: { textGuardSkips: ['args'] } },
      (request, reply) => callFunction(app, endpoint, request, reply),
    );
  }
}

async function callFunction(
  app: FastifyInstance,
  endpoint: FunctionEndpoint,
  request: FastifyRequest<{ Body: FunctionRequest }>,
  reply: FastifyReply,
) {
  reply.header('cache-control', 'no-store');
  const { path, args } = request.body;
  const definition = app.functions.find(path);
  if (!definition) return sendFailure(reply, functionNotFound(path), [], 404);
  const expected = ENDPOINT_KIND[endpoint];
  if (expected !== null && definition.kind !== expected) {
    return sendFailure(reply, wrongFunctionKind(definition.path, definition.kind, expected), []);
  }
  const caller = { ...(await app.resolveCaller(request)), address: request.ip };
  const outcome = await app.functions.run(definition, unwrapFunctionArgs(args), caller);
  if (outcome.status === 'error') return sendFailure(reply, outcome.error, outcome.logLines);
  const timed = endpoint === 'query_ts' || endpoint === 'query_at_ts';
  if (isSharedValue(outcome.value) && outcome.logLines.length === 0 && !timed) {
    return sendShared(request, reply, outcome.value);
  }
  const answer: FunctionSuccess = {
    status: 'success',
    value: outcome.value ?? null,
    logLines: outcome.logLines,
  };
  if (timed) answer.ts = Date.now();
  return answer;
}

/** A value a service gave frozen: the same answer to every caller until it is replaced. */
function isSharedValue(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.isFrozen(value);
}

/**
 * A shared value's answer, serialized and compressed once for all its callers (answer-bytes.ts):
 * a busy list is not turned into JSON and gzip again for every request.
 */
async function sendShared(request: FastifyRequest, reply: FastifyReply, value: object) {
  const wrap = (shared: object) =>
    ({ status: 'success', value: shared, logLines: [] }) satisfies FunctionSuccess;
  const answer = await keptAnswerBytes(value, wrap, answerEncoding(request));
  reply.header('content-type', 'application/json; charset=utf-8');
  if (answer.encoding !== 'identity') {
    reply.header('content-encoding', answer.encoding);
    reply.header('vary', 'accept-encoding');
  }
  return reply.send(answer.bytes);
}

/** A function's own error: 560 (404 for an unknown path) with the readable message and its data. */
function sendFailure(
  reply: FastifyReply,
  error: DomainError,
  lines: string[],
  status = FUNCTION_ERROR_STATUS,
) {
  const body: FunctionFailure = {
    status: 'error',
    errorMessage: error.message,
    errorData: error.errorData,
    logLines: lines,
  };
  return reply.status(status).send(body);
}
