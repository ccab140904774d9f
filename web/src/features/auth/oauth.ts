import { LIMITS, OAUTH_PROVIDERS, type OAuthProvider } from '@music-rooms/domain/limits';
import { AUTH_ROUTES } from '@music-rooms/domain/account-routes';
import {
  OAUTH_POPUP_MESSAGE_TYPE,
  OAUTH_QUERY,
  type OAuthPopupMessage,
} from '@music-rooms/domain/auth';

/** A sign-in with a provider, or linking one to the signed-in account. */
export type OAuthFlow = OAuthPopupMessage['mode'];

type WindowBox = { screenX: number; screenY: number; outerWidth: number; outerHeight: number };

/** Window features of the sign-in popup: 960×600 (spec §9), centred on the app's window. */
export function popupFeatures(box: WindowBox): string {
  const { width, height } = LIMITS.signInPopup;
  const left = Math.max(0, Math.round(box.screenX + (box.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(box.screenY + (box.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * The address that starts a provider flow: /auth/{provider} signs in, /api/auth/link-{provider}
 * links. `returnTo` is where a full-page flow comes back to.
 */
export function oauthUrl(
  flow: OAuthFlow,
  provider: OAuthProvider,
  returnTo: string,
  popup: boolean,
): string {
  const path = flow === 'signIn' ? AUTH_ROUTES.signIn(provider) : AUTH_ROUTES.link(provider);
  const query = new URLSearchParams();
  if (popup) query.set(OAUTH_QUERY.popup, '1');
  query.set(OAUTH_QUERY.returnTo, returnTo);
  return `${path}?${query.toString()}`;
}

/**
 * Reads a message from the sign-in popup; anything else (other windows' messages, other
 * shapes) is null. The user it carries is taken only when it has the session user's shape.
 */
export function parseOAuthMessage(data: unknown): OAuthPopupMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type !== OAUTH_POPUP_MESSAGE_TYPE || typeof message.ok !== 'boolean') return null;
  if (!isOAuthProvider(message.provider)) return null;
  if (message.mode !== 'signIn' && message.mode !== 'link') return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    type: OAUTH_POPUP_MESSAGE_TYPE,
    provider: message.provider,
    mode: message.mode,
    ok: message.ok,
    success: text(message.success) as OAuthPopupMessage['success'],
    error: text(message.error) as OAuthPopupMessage['error'],
    user: isSessionUser(message.user) ? message.user : undefined,
  };
}

function isSessionUser(value: unknown): value is NonNullable<OAuthPopupMessage['user']> {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    typeof user.username === 'string' &&
    typeof user.email === 'string' &&
    typeof user.avatar === 'string' &&
    typeof user.superadmin === 'boolean' &&
    typeof user.hasPassword === 'boolean' &&
    Array.isArray(user.providers)
  );
}

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}
