import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { HttpError } from '../errors';

type ClientErrorBody = {
  statusCode: number;
  code: string;
  error: string;
  message: string;
  /** The field the client shows to the user (spec §8: "Server errors arrive as statusMessage"). */
  statusMessage: string;
};

/**
 * One error shape for every route: a 4xx says what was wrong and carries a stable code;
 * a 5xx says only "Internal Server Error", and the detail goes to the log.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(500).send(clientError(500, 'internal', 'Internal Server Error'));
      }
      const code = error instanceof HttpError ? error.code : fastifyCode(error);
      const message =
        'validation' in error && error.validation
          ? `Invalid request: ${error.message}`
          : error.message;
      return reply.status(status).send(clientError(status, code, message));
    });
  },
  { name: 'error-handler' },
);

export function clientError(statusCode: number, code: string, message: string): ClientErrorBody {
  return { statusCode, code, error: statusText(statusCode), message, statusMessage: message };
}

function fastifyCode(error: FastifyError): string {
  if (error.validation) return 'invalid_request';
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  )
    return 'malformed_json';
  if (error.statusCode === 429) return 'rate_limited';
  return (error.code ?? 'bad_request').toLowerCase();
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}
