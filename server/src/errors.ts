import { DomainError, PLATFORM_ERROR_CODES, PLATFORM_ERRORS } from '@music-rooms/domain';

export { DomainError };

/**
 * The HTTP status a route answers for a domain error, by its code: the one place that maps
 * the error family to HTTP (backend functions answer 560 whatever the code).
 */
const STATUS_OF_CODE: Readonly<Record<string, number>> = {
  not_signed_in: 401,
  login_failed: 401,
  invalid_admin_key: 401,
  invalid_token: 401,
  token_expired: 401,
  session_ended: 401,
  missing_token: 401,
  forbidden: 403,
  password_required: 403,
  unavailable: 403,
  not_found: 404,
  user_not_found: 404,
  function_not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  storage_unavailable: 503,
  insufficient_storage: 507,
};

export function httpStatusOf(error: DomainError): number {
  return STATUS_OF_CODE[error.code] ?? 400;
}

export const badRequest = (message: string) =>
  new DomainError(PLATFORM_ERROR_CODES.invalidRequest, PLATFORM_ERRORS.invalidRequest, {
    detail: message,
  });

export const notFound = () =>
  new DomainError(PLATFORM_ERROR_CODES.notFound, PLATFORM_ERRORS.notFound);
