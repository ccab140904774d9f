import { LIMITS } from '@music-rooms/domain/limits';
import { messageKey, type MessageRef } from './message-ref';

/** The parts of a zod issue a message needs. */
export type IssueLike = {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  minimum?: unknown;
  maximum?: unknown;
};

/** Messages that name a range take it from the limits, whichever end was crossed. */
const RANGE_VALUES: Record<string, Record<string, number>> = {
  'validation.displayNameLength': { min: LIMITS.displayName.min, max: LIMITS.displayName.max },
  'validation.usernameLength': {
    min: LIMITS.username.profile.min,
    max: LIMITS.username.profile.max,
  },
};

/** Messages that name a number of characters. */
const COUNTED = new Set(['validation.minLength', 'validation.maxLength']);

/**
 * The message of one issue of the shared form rules (domain/schemas): its message is an i18n
 * key; a too-short or too-long issue adds the count the message names ("Minimum 6 characters").
 */
export function issueMessage(issue: IssueLike): MessageRef {
  const key = issue.message.startsWith('validation.') ? issue.message : 'validation.invalidFormat';
  const range = RANGE_VALUES[key];
  if (range) return messageKey(key, range);
  const count = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  if (COUNTED.has(key) && isCount(count)) return messageKey(key, { count: Number(count) });
  return messageKey(key);
}

/** The first message for each field, keyed by the field's name. */
export function fieldErrors(issues: readonly IssueLike[]): Record<string, MessageRef> {
  const errors: Record<string, MessageRef> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issueMessage(issue);
  }
  return errors;
}

function isCount(value: unknown): value is number | bigint {
  return typeof value === 'number' || typeof value === 'bigint';
}
