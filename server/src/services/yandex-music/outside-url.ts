/**
 * Which addresses the app fetches for the streaming service. Its API is the one setting
 * (YANDEX_MUSIC_API_URL); the storage host of a download and the covers come from its answers
 * and are fetched over https. Only when the API itself is on a plain-http loopback address (a
 * local double in tests and development) are they fetched over http, and then on loopback only.
 * Whatever the address, the connection itself goes only to an allowed IP address
 * (outside-address.ts): an answer can never send the server into its own network.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export type ServiceAddressing = { apiUrl: string; plainHttp: boolean };

export function addressingOf(apiUrl: string): ServiceAddressing {
  const api = new URL(apiUrl);
  return { apiUrl, plainHttp: api.protocol === 'http:' && LOOPBACK.has(api.hostname) };
}

/** An address from an answer (with or without a scheme), or null when it may not be fetched. */
export function outsideUrl(addressing: ServiceAddressing, address: string): URL | null {
  const scheme = addressing.plainHttp ? 'http' : 'https';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(address) ? address : `${scheme}://${address}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:' && !addressing.plainHttp) return url;
  if (addressing.plainHttp && LOOPBACK.has(url.hostname)) return url;
  return null;
}

/**
 * Whether the token may go to this address: the API's own origin (scheme, host and port) and
 * nothing else, not the storage hosts of downloads, not another port of the API's host.
 */
export function mayCarryToken(addressing: ServiceAddressing, url: URL): boolean {
  return url.origin === new URL(addressing.apiUrl).origin;
}
