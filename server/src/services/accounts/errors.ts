import type { z } from 'zod';
import { AUTH_ERRORS, DomainError, VALIDATION } from '@music-rooms/domain';

/**
 * The account rules a request can break, as domain errors: the key is what the client shows
 * (spec §8: an auth.errors.* key, or a validation.* key for profile fields).
 */
export const notSignedIn = () => new DomainError('not_signed_in', AUTH_ERRORS.notSignedIn);
export const forbidden = () => new DomainError('forbidden', AUTH_ERRORS.forbidden);
export const loginFailed = () => new DomainError('login_failed', AUTH_ERRORS.loginFailed);
/** An e-mail or username another account holds; the form shows it next to that field. */
export const takenBy = (field: 'email' | 'username') =>
  new DomainError(
    'conflict',
    field === 'email' ? AUTH_ERRORS.emailExists : AUTH_ERRORS.usernameTaken,
    { field },
  );

/**
 * The one message a form shows for a body that fails its §5 schema: a missing or blank field
 * first (allFieldsRequired), then a malformed e-mail (invalidEmail), else invalidInput with
 * the broken rule's validation.* key as the code.
 */
export function formError(error: z.ZodError): DomainError {
  const issues = error.issues;
  const missing = issues.some(
    (issue) => issue.code === 'invalid_type' || issue.message === VALIDATION.required,
  );
  if (missing) return new DomainError('all_fields_required', AUTH_ERRORS.allFieldsRequired);
  if (issues.some((issue) => issue.message === VALIDATION.invalidEmail)) {
    return new DomainError('invalid_email', AUTH_ERRORS.invalidEmail);
  }
  return new DomainError(issues[0]?.message ?? 'invalid_input', AUTH_ERRORS.invalidInput);
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
