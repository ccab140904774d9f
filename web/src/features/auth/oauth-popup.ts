import type { OAuthProvider } from '@music-rooms/domain/limits';
import { oauthUrl, popupFeatures, type OAuthFlow } from './oauth';

/** Whether a provider flow runs in a popup and has not answered yet. */
let pending = false;

/**
 * Starts a provider flow in a 960×600 popup centred on the window; when the browser blocks the
 * popup, the whole page goes through the flow instead and comes back to `returnTo`.
 */
export function startOAuth(flow: OAuthFlow, provider: OAuthProvider, returnTo: string): void {
  const popup = window.open(
    oauthUrl(flow, provider, returnTo, true),
    'music-rooms-oauth',
    popupFeatures(window),
  );
  if (!popup) {
    window.location.assign(oauthUrl(flow, provider, returnTo, false));
    return;
  }
  pending = true;
  popup.focus();
}

export function hasPendingOAuth(): boolean {
  return pending;
}

export function finishOAuth(): void {
  pending = false;
}
