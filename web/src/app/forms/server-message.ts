import { AuthRequestError } from '../session/auth-api';
import { FunctionCallError } from '../../lib/api/function-call-error';
import { messageKey, type MessageRef } from './message-ref';

const TOO_MANY_REQUESTS = 'auth.errors.tooManyRequests';

/** Function error codes the platform gives: their text is for developers, not for users. */
const PLATFORM_CODES = new Set(['invalid_args', 'internal', 'function_not_found']);

/** Server messages that belong next to one field of the form rather than above it. */
export const FIELD_OF_MESSAGE: Record<string, string> = {
  'auth.errors.emailExists': 'email',
  'auth.errors.usernameTaken': 'username',
  'auth.errors.userNotFound': 'emailOrUsername',
  'auth.errors.changePasswordFailed': 'currentPassword',
  'auth.errors.currentPasswordRequired': 'currentPassword',
  'auth.errors.currentPasswordWrong': 'currentPassword',
  'rooms.errors.urlTaken': 'room_url',
  'rooms.errors.wrongPassword': 'password',
  'rooms.errors.userNotFound': 'usernameOrEmail',
  'rooms.errors.alreadyMember': 'usernameOrEmail',
};

const KEY_PATTERN = /^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/;

/**
 * What to tell the user about a failed call (spec §8): a server message that is a translation
 * key we know is translated (`auth.errors.*` and the like); another text is shown as it came;
 * with nothing usable (no message, an unknown key, a network failure) the fallback key is used.
 * Too many attempts (429) always reads as such.
 */
export function serverMessage(
  error: unknown,
  fallbackKey: string,
  isKnownKey: (key: string) => boolean,
): MessageRef {
  const raw = rawMessage(error);
  if (raw === TOO_MANY_REQUESTS || (error instanceof AuthRequestError && error.status === 429)) {
    return messageKey(TOO_MANY_REQUESTS);
  }
  if (raw === null || raw.trim() === '') return messageKey(fallbackKey);
  if (KEY_PATTERN.test(raw)) {
    return isKnownKey(raw) ? messageKey(raw, messageValues(error)) : messageKey(fallbackKey);
  }
  return { text: raw };
}

/** What a function's message may name (`{{seconds}}`, `{{count}}`...): its error's data. */
function messageValues(error: unknown): Record<string, string | number> | undefined {
  if (!(error instanceof FunctionCallError)) return undefined;
  const { code: _code, key: _key, ...data } = error.data;
  const values = Object.entries(data).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return values.length > 0 ? Object.fromEntries(values) : undefined;
}

function rawMessage(error: unknown): string | null {
  if (error instanceof AuthRequestError) {
    // A 5xx says something of its own only through one of our keys (registration failed...);
    // any other text of a 5xx is a proxy's page or a generic error, not for the user.
    const ours = error.statusMessage?.startsWith('auth.errors.') ?? false;
    return error.status >= 500 && !ours ? null : error.statusMessage;
  }
  if (error instanceof FunctionCallError) {
    if (PLATFORM_CODES.has(error.code) || error.code.startsWith('http_')) return null;
    // The key is what we translate; the message is the server's English for logs and tools.
    return error.data.key;
  }
  return null;
}
