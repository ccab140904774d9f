import type { z } from 'zod';
import {
  DomainError,
  ERROR_TEXT,
  errorText,
  fieldOfPath,
  PLATFORM_ERROR_CODES,
  PLATFORM_ERRORS,
  VALIDATION,
} from '@music-rooms/domain';

/**
 * Args that fail their schema. The key is the first broken rule's key (what a form would show), `field` names its argument, and `issues` lists every problem; the message reads
 * as one English sentence per problem.
 */
export function invalidArgs(path: string, error: z.ZodError): DomainError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const details = error.issues.map((issue) => {
    const text = errorText(issue.message, { count: countOf(issue) });
    return issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ${text}` : text;
  });
  const first = issues[0];
  // A rule's own key (validation.*, or an area's such as yandexMusic.errors.tokenFormatInvalid).
  const key = first && first.message in ERROR_TEXT ? first.message : VALIDATION.invalidFormat;
  const data = { ...(first?.path ? { field: first.path } : {}), issues };
  const message = `Invalid arguments for ${path}: ${details.join('; ')}`;
  return new DomainError(PLATFORM_ERROR_CODES.invalidArgs, key, data, message);
}

/**
 * Args holding a malformed string (NUL, a lone surrogate) anywhere, found before the schema
 * ran: the same answer as a schema's text() gives, validation.invalidFormat with its field.
 */
export function malformedArgs(path: string, at: readonly string[]): DomainError {
  const field = fieldOfPath(at);
  const key = VALIDATION.invalidFormat;
  const issues = [{ path: field, message: key }];
  const data = { ...(field ? { field } : {}), issues };
  const detail = field ? `${field}: ${errorText(key)}` : errorText(key);
  return new DomainError(
    PLATFORM_ERROR_CODES.invalidArgs,
    key,
    data,
    `Invalid arguments for ${path}: ${detail}`,
  );
}

/** The limit a too_small / too_big issue names, for "Maximum {{count}} characters". */
function countOf(issue: z.core.$ZodIssue): unknown {
  if (issue.code === 'too_big') return issue.maximum;
  if (issue.code === 'too_small') return issue.minimum;
  return undefined;
}

export function wrongFunctionKind(path: string, actual: string, expected: string): DomainError {
  const key = PLATFORM_ERRORS.wrongFunctionKind;
  const message = `${path} is a ${actual}, not a ${expected}`;
  return new DomainError(PLATFORM_ERROR_CODES.wrongFunctionKind, key, { kind: actual }, message);
}

export function functionNotFound(path: string): DomainError {
  const key = PLATFORM_ERRORS.functionNotFound;
  return new DomainError(
    PLATFORM_ERROR_CODES.functionNotFound,
    key,
    {},
    `Unknown function: ${path}`,
  );
}
