import type { ErrorBody } from '@music-rooms/domain/errors';
import { FunctionCallError } from './function-call-error';

function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { code, key, message } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof key === 'string' && typeof message === 'string';
}

/**
 * The client's error for a refused HTTP request: the app's one error body (domain ErrorBody)
 * read into the one client error class, with its code, key, field and values. An answer
 * without that body (a proxy's page, an empty answer) keeps only its status, as `http_<status>`.
 */
export function errorOfBody(status: number, statusText: string, body: unknown): FunctionCallError {
  if (isErrorBody(body)) {
    const { statusCode: _status, error: _words, message, statusMessage: _key, ...data } = body;
    return new FunctionCallError(
      body.code,
      message,
      { ...data, code: body.code, key: body.key },
      status,
    );
  }
  const code = `http_${status}`;
  return new FunctionCallError(code, statusText || `HTTP ${status}`, { code, key: code }, status);
}

/** The values a refusal's message names (`{{count}}`, `{{maxMb}}`...): its data besides code, key and field. */
export function messageValuesOf(error: FunctionCallError): Record<string, string | number> {
  const { code: _code, key: _key, field: _field, ...data } = error.data;
  return Object.fromEntries(
    Object.entries(data).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}
