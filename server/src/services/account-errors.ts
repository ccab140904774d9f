import type { z } from 'zod';
import { AUTH_ERRORS, VALIDATION, type AuthErrorKey } from '@music-rooms/domain';
import { HttpError } from '../errors';

/**
 * An account rule the request broke. `message` is the key the client shows (spec §8: an
 * auth.errors.* key, or a validation.* key for profile fields); `code` is stable for programs.
 * HTTP routes send it as is; backend functions turn it into a FunctionError with the same
 * code and message.
 */
export class AccountError extends HttpError {
  constructor(statusCode: number, code: string, key: string) {
    super(statusCode, code, key);
    this.name = 'AccountError';
  }
}

export const notSignedIn = () => new AccountError(401, 'not_signed_in', AUTH_ERRORS.notSignedIn);
export const forbidden = () => new AccountError(403, 'forbidden', AUTH_ERRORS.forbidden);
export const loginFailed = () => new AccountError(401, 'login_failed', AUTH_ERRORS.loginFailed);
export const conflict = (key: AuthErrorKey) => new AccountError(409, 'conflict', key);

/**
 * The one message a form shows for a body that fails its §5 schema: a missing or blank field
 * first (allFieldsRequired), then a malformed e-mail (invalidEmail), else invalidInput with
 * the broken rule's validation.* key as the code.
 */
export function formError(error: z.ZodError): AccountError {
  const issues = error.issues;
  const missing = issues.some(
    (issue) => issue.code === 'invalid_type' || issue.message === VALIDATION.required,
  );
  if (missing) return new AccountError(400, 'all_fields_required', AUTH_ERRORS.allFieldsRequired);
  if (issues.some((issue) => issue.message === VALIDATION.invalidEmail)) {
    return new AccountError(400, 'invalid_email', AUTH_ERRORS.invalidEmail);
  }
  return new AccountError(400, issues[0]?.message ?? 'invalid_input', AUTH_ERRORS.invalidInput);
}

/** Parses a request body against a domain schema, failing with the form's message. */
export function parseForm<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
): z.output<Schema> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw formError(parsed.error);
  return parsed.data;
}

/** The unique index a PostgreSQL error (23505) names, when it is one of the users' own. */
export function uniqueViolation(error: unknown): 'email' | 'username' | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint, message } = (cause ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code !== '23505') return null;
  const name = constraint ?? message ?? '';
  if (name.includes('users_email_unique')) return 'email';
  if (name.includes('users_username_unique')) return 'username';
  return null;
}
