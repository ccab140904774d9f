import type { z } from 'zod';
import { FUNCTION_ERROR_CODES, type FunctionErrorData } from '@music-rooms/domain';

/**
 * A function's own error (bad args, not allowed, not found, conflict). The caller receives the
 * message and `{ code, ...data }` (HTTP 560); anything else thrown is a server fault.
 */
export class FunctionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'FunctionError';
  }

  get errorData(): FunctionErrorData {
    return { ...this.data, code: this.code };
  }
}

/** Args that fail their schema: one readable sentence per problem, and the issues as data. */
export function invalidArgs(path: string, error: z.ZodError): FunctionError {
  const issues = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const details = issues.map((issue) =>
    issue.path ? `${issue.path}: ${issue.message}` : issue.message,
  );
  return new FunctionError(
    FUNCTION_ERROR_CODES.invalidArgs,
    `Invalid arguments for ${path}: ${details.join('; ')}`,
    { issues },
  );
}

export function wrongFunctionKind(path: string, actual: string, expected: string): FunctionError {
  return new FunctionError(
    FUNCTION_ERROR_CODES.wrongFunctionKind,
    `${path} is a ${actual}, not a ${expected}`,
    { kind: actual },
  );
}
