import { GOOGLE_OAUTH_FAILED } from '@music-rooms/domain/auth';
import { messageKey, type MessageRef } from '../../app/forms/message-ref';

/** A failed Google sign-in arrives with its own value (spec §8). */
const PROVIDER_VALUES: Record<string, string> = { [GOOGLE_OAUTH_FAILED]: 'auth.googleError' };

/**
 * The message for an `error` or `success` value in the address (/auth, a popup's answer). Only
 * keys the app knows are shown: a text in the address could say anything, so an unknown value
 * becomes the fallback instead of being shown as it is.
 */
export function queryMessage(
  value: string,
  fallbackKey: string,
  isKnownKey: (key: string) => boolean,
): MessageRef {
  const mapped = PROVIDER_VALUES[value] ?? value;
  return isKnownKey(mapped) ? messageKey(mapped) : messageKey(fallbackKey);
}

/**
 * Where to go after a flow that came back through the address: a path of this app only
 * (never another site, which `//host` or `https://` would be).
 */
export function safeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}
