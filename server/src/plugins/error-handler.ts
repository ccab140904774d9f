import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { PLATFORM_ERROR_CODES, PLATFORM_ERRORS, type ErrorBody } from '@music-rooms/domain';
import { DomainError, httpStatusOf } from '../errors';

/**
 * One error shape for every route: a domain error answers the 4xx its code stands for with
 * its code and key; Fastify's own refusals (bad JSON, schema, rate limit) read the same way;
 * a 5xx says only "Internal Server Error", and the detail goes to the log.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
      if (error instanceof DomainError) return sendDomainError(reply, error);
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return sendDomainError(reply, internalError(), 500);
      }
      return sendDomainError(reply, fastifyRefusal(error), status);
    });
  },
  { name: 'error-handler' },
);

/** Answers a domain error over HTTP (4xx by its code, or the status given). */
export function sendDomainError(reply: FastifyReply, error: DomainError, status?: number) {
  const statusCode = status ?? httpStatusOf(error);
  return reply.status(statusCode).send(clientError(statusCode, error));
}

/** The one body of a refusal (domain ErrorBody), whichever route answers it. */
export function clientError(statusCode: number, error: DomainError): ErrorBody {
  return {
    ...error.errorData,
    statusCode,
    error: statusText(statusCode),
    message: error.message,
    statusMessage: error.key,
  };
}

export const internalError = () =>
  new DomainError(PLATFORM_ERROR_CODES.internal, PLATFORM_ERRORS.internal);

function fastifyRefusal(error: FastifyError): DomainError {
  const detail = { detail: error.message };
  if (error.validation) {
    return new DomainError(
      PLATFORM_ERROR_CODES.invalidRequest,
      PLATFORM_ERRORS.invalidRequest,
      detail,
    );
  }
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  ) {
    return new DomainError(
      PLATFORM_ERROR_CODES.malformedJson,
      PLATFORM_ERRORS.invalidRequest,
      detail,
    );
  }
  if (error.statusCode === 429) {
    return new DomainError('rate_limited', 'auth.errors.tooManyRequests');
  }
  const code = (error.code ?? 'bad_request').toLowerCase();
  return new DomainError(code, PLATFORM_ERRORS.invalidRequest, detail);
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
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
}
