import { SPOTIFY_LIMITS } from '@music-rooms/domain';
import type { Config } from '../../config';
import { readLimitedBytes } from '../read-limited-bytes';
import { spotifyErrors } from './errors';

/**
 * Spotify's Web API with the client credentials flow: the app's own token (no person's), kept
 * until shortly before it expires. A 429 is waited out when Spotify asks for at most
 * `retryAfterWaitMaxMs` (its `Retry-After`), else said to the caller with the wait.
 */

export type SpotifyClientOptions = {
  accountsUrl: string;
  apiUrl: string;
  clientId: string | null;
  clientSecret: string | null;
  requestTimeoutMs: number;
  retryAfterWaitMaxMs: number;
};

type AppToken = { value: string; expiresAt: number };

/** Hosts Spotify serves its pictures from (album art, artists' photos). */
const PICTURE_HOSTS = /(^|\.)(scdn\.co|spotifycdn\.com)$/;
/** A picture larger than this is not read. */
const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

/** A token is renewed this long before Spotify would refuse it. */
const TOKEN_MARGIN_MS = 60_000;
/** 429s waited out in a row before giving up on one request. */
const RATE_LIMIT_RETRIES = 3;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in seconds (Spotify sends seconds); a missing or odd one means a second. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 1000;
}

export class SpotifyClient {
  private token: AppToken | null = null;
  private pendingToken: Promise<AppToken> | null = null;

  constructor(private readonly options: SpotifyClientOptions) {}

  get configured(): boolean {
    return Boolean(this.options.clientId && this.options.clientSecret);
  }

  /** A GET of the Web API (`/v1/...`), as JSON. */
  async get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${this.options.apiUrl}${path}`);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    for (let attempt = 0; ; attempt++) {
      const token = await this.appToken();
      const response = await this.fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (response.status === 401 && attempt === 0) {
        // Revoked or expired early: one new token, then the answer stands.
        this.token = null;
        continue;
      }
      if (response.status === 429) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        if (waitMs > this.options.retryAfterWaitMaxMs || attempt >= RATE_LIMIT_RETRIES) {
          throw spotifyErrors.rateLimited(waitMs);
        }
        await wait(waitMs);
        continue;
      }
      if (response.status === 404) throw spotifyErrors.trackNotFound();
      if (!response.ok) throw spotifyErrors.failed(response.status);
      return (await response.json()) as T;
    }
  }

  /**
   * A picture of the catalogue's, read without the app's token: only over https from Spotify's
   * image hosts, or from the API's own origin (where a double on loopback serves them). Null
   * when it is elsewhere, missing, no image or too large.
   */
  async picture(address: string): Promise<Buffer | null> {
    const url = URL.canParse(address) ? new URL(address) : null;
    if (!url || !this.isPictureAddress(url)) return null;
    try {
      const response = await this.fetch(url, {});
      if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) {
        await response.body?.cancel();
        return null;
      }
      return await readLimitedBytes(response, PICTURE_MAX_BYTES);
    } catch {
      return null;
    }
  }

  private isPictureAddress(url: URL): boolean {
    if (url.origin === new URL(this.options.apiUrl).origin) return true;
    return url.protocol === 'https:' && PICTURE_HOSTS.test(url.hostname);
  }

  private async fetch(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.requestTimeoutMs),
      });
    } catch {
      throw spotifyErrors.failed(0);
    }
  }

  /** The app's token; one request for it at a time however many calls wait. */
  private async appToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.requestToken().finally(() => (this.pendingToken = null));
    this.token = await this.pendingToken;
    return this.token.value;
  }

  private async requestToken(): Promise<AppToken> {
    const { clientId, clientSecret, accountsUrl } = this.options;
    if (!clientId || !clientSecret) throw spotifyErrors.notConfigured();
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const response = await this.fetch(new URL(`${accountsUrl}/api/token`), {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    if (response.status === 400 || response.status === 401)
      throw spotifyErrors.credentialsRefused();
    if (!response.ok) throw spotifyErrors.failed(response.status);
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw spotifyErrors.failed(response.status);
    const lifetimeMs = (typeof body.expires_in === 'number' ? body.expires_in : 3600) * 1000;
    return {
      value: body.access_token,
      expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS),
    };
  }
}

/** The client on the app's settings: the same id and secret as sign-in with Spotify. */
export function spotifyClientOf(config: Config): SpotifyClient {
  return new SpotifyClient({
    accountsUrl: config.oauthEndpoints.spotifyAccounts,
    apiUrl: config.oauthEndpoints.spotifyApi,
    clientId: config.oauth.spotify.clientId,
    clientSecret: config.oauth.spotify.clientSecret,
    requestTimeoutMs: 15_000,
    retryAfterWaitMaxMs: SPOTIFY_LIMITS.retryAfterWaitMaxMs,
  });
}
