import { AUTH_ROUTES, type SessionResponse } from '@music-rooms/domain';
import type { OAuthPopupMessage } from '@music-rooms/domain/auth';
import type { SessionClient } from './factories';

/** The site's public address in OAuth tests: providers send the browser back here. */
export const PUBLIC_URL = 'http://music-rooms.test';

/** One answer of the app to a browser navigation, not followed. */
export type Hop = {
  status: number;
  headers: Headers;
  body: string;
  /** An app page the answer redirects to (`/auth?...`), or null. */
  location: string | null;
  /** The `/auth` page's query when it redirects there. */
  query: Record<string, string>;
  /** A provider page the answer redirects to, or null. */
  providerUrl: URL | null;
};

/** A GET of an app path with the client's cookies, as a browser navigation (no redirects followed). */
export async function navigate(client: SessionClient, path: string): Promise<Hop> {
  const res = await client.fetch(path, { redirect: 'manual', headers: { accept: 'text/html' } });
  const raw = res.headers.get('location');
  const target = raw === null ? null : new URL(raw, PUBLIC_URL);
  const onApp = target !== null && target.origin === PUBLIC_URL;
  const location = onApp ? `${target.pathname}${target.search}` : null;
  return {
    status: res.status,
    headers: res.headers,
    body: await res.text(),
    location,
    query: onApp ? Object.fromEntries(target.searchParams) : {},
    providerUrl: target !== null && !onApp ? target : null,
  };
}

/** The provider's consent page, agreed to: the app callback path it sends the browser back to. */
export async function consent(providerUrl: URL): Promise<string> {
  const res = await fetch(providerUrl, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || location === null) {
    throw new Error(
      `the provider did not send the browser back: ${res.status} ${await res.text()}`,
    );
  }
  const back = new URL(location);
  if (back.origin !== PUBLIC_URL) throw new Error(`the provider redirected to ${back.origin}`);
  return `${back.pathname}${back.search}`;
}

/**
 * A whole provider flow as a browser runs it: start, consent at the provider, callback.
 * `alter` changes the callback address before the browser follows it (an attacker's edit).
 */
export async function runFlow(
  client: SessionClient,
  startPath: string,
  alter?: (callbackPath: string) => string,
): Promise<Hop> {
  const start = await navigate(client, startPath);
  if (!start.providerUrl) return start;
  const callbackPath = await consent(start.providerUrl);
  return navigate(client, alter ? alter(callbackPath) : callbackPath);
}

/** The user the client's session is for, as the app tells it (null for a guest). */
export async function sessionUser(client: SessionClient) {
  return (await client.get<SessionResponse>(AUTH_ROUTES.session)).body.user;
}

/** The data attributes the popup page hands its script. */
export type PopupPage = {
  message: OAuthPopupMessage;
  targetOrigin: string;
  channel: string;
  fallback: string;
  scripts: string[];
  inlineScripts: number;
};

/** Reads the popup page the way its script does. */
export function readPopupPage(html: string): PopupPage {
  const attribute = (name: string) => {
    const match = new RegExp(`data-${name}="([^"]*)"`).exec(html);
    if (!match?.[1]) throw new Error(`the popup page has no data-${name}`);
    return unescapeHtml(match[1]);
  };
  return {
    message: JSON.parse(attribute('message')) as OAuthPopupMessage,
    targetOrigin: attribute('target-origin'),
    channel: attribute('channel'),
    fallback: attribute('fallback'),
    scripts: [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1] ?? ''),
    inlineScripts: [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].length,
  };
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
