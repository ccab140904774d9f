import { messageValuesOf } from '../../lib/api/error-body';
import { FunctionCallError } from '../../lib/api/function-call-error';
import { messageKey, type MessageRef } from './message-ref';

const TOO_MANY_REQUESTS = 'auth.errors.tooManyRequests';

/** Error codes the platform gives: their text is for developers, not for users. */
const PLATFORM_CODES = new Set(['invalid_args', 'internal', 'function_not_found']);

const KEY_PATTERN = /^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/;

/**
 * What to tell the user about a failed call (spec §8): the server's key when we know it is
 * translated (`auth.errors.*` and the like), with the values it names; another text is shown as
 * it came; with nothing usable (a fault, an answer that is not ours, an unknown key, a network
 * failure) the fallback key is used. Too many attempts (429) always reads as such.
 */
export function serverMessage(
  error: unknown,
  fallbackKey: string,
  isKnownKey: (key: string) => boolean,
): MessageRef {
  if (!(error instanceof FunctionCallError)) return messageKey(fallbackKey);
  if (error.status === 429 || error.data.key === TOO_MANY_REQUESTS) {
    return messageKey(TOO_MANY_REQUESTS);
  }
  // The key is what we translate; the message is the server's English for logs and tools.
  const said = saysToUser(error) ? error.data.key : '';
  if (said.trim() === '') return messageKey(fallbackKey);
  if (KEY_PATTERN.test(said)) {
    if (!isKnownKey(said)) return messageKey(fallbackKey);
    const values = messageValuesOf(error);
    return messageKey(said, Object.keys(values).length > 0 ? values : undefined);
  }
  return { text: said };
}

/** The form field a refusal concerns, as the server named it (e-mail taken, wrong password). */
export function fieldOf(error: unknown): string | undefined {
  if (!(error instanceof FunctionCallError)) return undefined;
  const { field } = error.data;
  return typeof field === 'string' ? field : undefined;
}

/**
 * Whether the error speaks to the user: not the platform's own faults (a 5xx says something
 * only through one of our keys), nor an answer that did not come from the app (a proxy's page).
 */
function saysToUser(error: FunctionCallError): boolean {
  return !PLATFORM_CODES.has(error.code) && !error.code.startsWith('http_');
}
