import type { FastifyInstance, FastifyReply } from 'fastify';
import { APP_ROUTES, type OAuthProvider } from '@music-rooms/domain';
import {
  AUTH_ERRORS,
  GOOGLE_OAUTH_FAILED,
  OAUTH_POPUP_CHANNEL,
  OAUTH_POPUP_MESSAGE_TYPE,
  type AuthErrorKey,
  type AuthSuccessKey,
  type OAuthPopupMessage,
  type SessionUser,
} from '@music-rooms/domain/auth';

/** How a provider flow ended, and where the browser should learn it. */
export type FlowOutcome = {
  provider: OAuthProvider;
  mode: 'signIn' | 'link';
  popup: boolean;
  /** The path the flow was started from; null when the flow itself could not be read. */
  returnTo: string | null;
} & ({ ok: true; success: AuthSuccessKey; user: SessionUser } | { ok: false; error: AuthErrorKey });

/** Where the popup page's script is served (the app's CSP allows no inline script). */
export const POPUP_SCRIPT_PATH = '/oauth-popup.js';

/**
 * Posts the result to the opener (only to the site's own origin) and closes the popup. When a
 * provider's page cut the opener link (Cross-Origin-Opener-Policy), the result goes out on a
 * same-origin BroadcastChannel instead; a popup that may not close itself then shows the result
 * the way a full-page flow would. Each message is delivered one way only.
 */
const POPUP_SCRIPT = `'use strict';
(function () {
  var data = document.body.dataset;
  var message = JSON.parse(data.message);
  if (window.opener && window.opener !== window) {
    window.opener.postMessage(message, data.targetOrigin);
    window.close();
    return;
  }
  if (typeof BroadcastChannel === 'function') {
    var channel = new BroadcastChannel(data.channel);
    channel.postMessage(message);
    channel.close();
  }
  window.close();
  // Still here: this window may not close itself (it was not opened as a popup).
  setTimeout(function () {
    window.location.replace(data.fallback);
  }, 200);
})();
`;

/** A same-origin path to come back to; anything else (another site, no path) becomes `/`. */
export function safeReturnTo(value: string | undefined, publicUrl: string): string {
  if (!value || value.length > 1024 || !value.startsWith('/')) return '/';
  try {
    const origin = new URL(publicUrl).origin;
    // The URL parser also undoes tricks such as `/\\evil.example` or tabs inside `//`.
    const url = new URL(value, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** The /auth page address that reports the outcome (spec §8: google_oauth_failed for Google). */
export function resultPath(outcome: FlowOutcome): string {
  const params = new URLSearchParams();
  if (outcome.ok) {
    params.set('success', outcome.success);
  } else {
    const googleSignIn = outcome.provider === 'google' && outcome.mode === 'signIn';
    const generic = outcome.error === AUTH_ERRORS.oauthAuthFailed;
    params.set('error', googleSignIn && generic ? GOOGLE_OAUTH_FAILED : outcome.error);
  }
  if (outcome.returnTo !== null) params.set('returnTo', outcome.returnTo);
  return `${APP_ROUTES.auth}?${params.toString()}`;
}

export function popupMessage(outcome: FlowOutcome): OAuthPopupMessage {
  const base = {
    type: OAUTH_POPUP_MESSAGE_TYPE,
    provider: outcome.provider,
    mode: outcome.mode,
  } as const;
  return outcome.ok
    ? { ...base, ok: true, success: outcome.success, user: outcome.user }
    : { ...base, ok: false, error: outcome.error };
}

/** Ends a flow: a redirect to the /auth page, or in a popup a page that messages the opener. */
export function sendOutcome(
  app: FastifyInstance,
  reply: FastifyReply,
  outcome: FlowOutcome,
): FastifyReply {
  reply.header('cache-control', 'no-store');
  if (!outcome.popup) return reply.redirect(resultPath(outcome), 302);
  const data = {
    message: JSON.stringify(popupMessage(outcome)),
    'target-origin': new URL(app.config.publicUrl).origin,
    channel: OAUTH_POPUP_CHANNEL,
    fallback: resultPath(outcome),
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => `data-${name}="${escapeAttribute(value)}"`)
    .join(' ');
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Music Rooms</title>
<noscript><meta http-equiv="refresh" content="0;url=${escapeAttribute(data.fallback)}"></noscript>
<script src="${POPUP_SCRIPT_PATH}" defer></script>
</head>
<body ${attributes}></body>
</html>
`;
  return (
    reply
      .type('text/html; charset=utf-8')
      // helmet's same-origin policy would cut the link to an opener whose policy differs.
      .header('cross-origin-opener-policy', 'unsafe-none')
      .send(page)
  );
}

/** GET /oauth-popup.js: the popup page's script. */
export async function popupScriptRoute(app: FastifyInstance) {
  app.get(POPUP_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(POPUP_SCRIPT),
  );
}

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
