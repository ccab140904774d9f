import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A double of Spotify's Web API on loopback, as it is in 2026 for an app in development mode:
 * the client credentials token endpoint (HTTP Basic), search with `isrc:`, `track:` and
 * `artist:` filters and free text, pages of at most 10 (a larger `limit` is refused), one track
 * and one artist by id, and 429 with `Retry-After` when told to.
 */

export type DoubleSpotifyArtist = {
  id: string;
  name: string;
  followers?: number;
  genres?: string[];
};

export type DoubleSpotifyTrack = {
  id: string;
  name: string;
  artistIds: string[];
  album: string;
  durationMs: number;
  isrc?: string;
};

export type SpotifyDoubleRequest = { method: string; path: string; query: Record<string, string> };

const PAGE_MAX = 10;
/** Every picture the double serves: a 1×1 PNG. */
const PICTURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export class SpotifyDouble {
  readonly client = { id: 'spotify-app-id', secret: 'spotify-app-secret' };
  readonly artists = new Map<string, DoubleSpotifyArtist>();
  readonly tracks = new Map<string, DoubleSpotifyTrack>();
  readonly requests: SpotifyDoubleRequest[] = [];
  /** The next this many API calls answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext = 0;
  retryAfterSeconds = 1;
  tokensIssued = 0;
  private readonly tokens = new Set<string>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<this> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The app settings that point the server at this double. */
  get env(): Record<string, string> {
    return {
      SPOTIFY_CLIENT_ID: this.client.id,
      SPOTIFY_CLIENT_SECRET: this.client.secret,
      SPOTIFY_ACCOUNTS_URL: this.url,
      SPOTIFY_API_URL: this.url,
    };
  }

  addArtist(artist: DoubleSpotifyArtist): this {
    this.artists.set(artist.id, artist);
    return this;
  }

  addTrack(track: DoubleSpotifyTrack): this {
    this.tracks.set(track.id, track);
    return this;
  }

  /** Forgets the tokens it gave, as Spotify does when one expires early. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, query });
    // Pictures are public on Spotify's image hosts: no token asked.
    if (url.pathname.startsWith('/images/')) return this.picture(res);
    if (req.method === 'POST' && url.pathname === '/api/token') return this.token(req, res);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.tokens.has(bearer)) {
      return send(res, 401, { error: { status: 401, message: 'Invalid access token' } });
    }
    if (this.rateLimitNext > 0) {
      this.rateLimitNext -= 1;
      res.setHeader('retry-after', String(this.retryAfterSeconds));
      return send(res, 429, { error: { status: 429, message: 'API rate limit exceeded' } });
    }
    const track = /^\/v1\/tracks\/([^/]+)$/.exec(url.pathname);
    if (track) return this.one(res, this.tracks.get(track[1]!), (t) => this.trackJson(t));
    const artist = /^\/v1\/artists\/([^/]+)$/.exec(url.pathname);
    if (artist) return this.one(res, this.artists.get(artist[1]!), (a) => this.artistJson(a));
    if (url.pathname === '/v1/search') return this.search(res, url.searchParams);
    send(res, 404, { error: { status: 404, message: 'Service not found' } });
  }

  private async token(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const expected = Buffer.from(`${this.client.id}:${this.client.secret}`).toString('base64');
    if (req.headers.authorization !== `Basic ${expected}`) {
      return send(res, 400, { error: 'invalid_client', error_description: 'Invalid client' });
    }
    if (form.get('grant_type') !== 'client_credentials') {
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    this.tokensIssued += 1;
    const value = `app-token-${this.tokensIssued}`;
    this.tokens.add(value);
    send(res, 200, { access_token: value, token_type: 'Bearer', expires_in: 3600 });
  }

  private picture(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PICTURE.length });
    res.end(PICTURE);
  }

  private one<T>(res: http.ServerResponse, item: T | undefined, toJson: (item: T) => unknown) {
    if (!item) return send(res, 404, { error: { status: 404, message: 'Resource not found' } });
    send(res, 200, toJson(item));
  }

  private search(res: http.ServerResponse, params: URLSearchParams): void {
    const limit = Number(params.get('limit') ?? 5);
    const offset = Number(params.get('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX) {
      return send(res, 400, { error: { status: 400, message: 'Invalid limit' } });
    }
    const q = params.get('q') ?? '';
    const types = (params.get('type') ?? '').split(',');
    const answer: Record<string, unknown> = {};
    if (types.includes('track')) {
      const found = [...this.tracks.values()].filter((track) => this.trackMatches(track, q));
      answer.tracks = page(
        found.map((track) => this.trackJson(track)),
        offset,
        limit,
      );
    }
    if (types.includes('artist')) {
      const words = q.toLowerCase();
      const found = [...this.artists.values()].filter((a) => a.name.toLowerCase().includes(words));
      answer.artists = page(
        found.map((artist) => this.artistJson(artist)),
        offset,
        limit,
      );
    }
    send(res, 200, answer);
  }

  /** Spotify's filters as the double reads them: `isrc:X`, `track:words artist:words`, or words. */
  private trackMatches(track: DoubleSpotifyTrack, q: string): boolean {
    const isrc = /isrc:(\S+)/i.exec(q)?.[1];
    if (isrc) return track.isrc?.toUpperCase() === isrc.toUpperCase();
    const title = /track:(.*?)(?=\s+\w+:|$)/i.exec(q)?.[1]?.trim();
    const artist = /artist:(.*?)(?=\s+\w+:|$)/i.exec(q)?.[1]?.trim();
    const names = track.artistIds.map((id) => this.artists.get(id)?.name ?? '').join(' ');
    if (title || artist) {
      return (!title || contains(track.name, title)) && (!artist || contains(names, artist));
    }
    return contains(`${track.name} ${names}`, q);
  }

  private trackJson(track: DoubleSpotifyTrack) {
    return {
      id: track.id,
      name: track.name,
      duration_ms: track.durationMs,
      artists: track.artistIds.map((id) => ({ id, name: this.artists.get(id)?.name ?? id })),
      album: {
        name: track.album,
        images: [
          { url: `${this.url}/images/${track.id}-640.png`, width: 640, height: 640 },
          { url: `${this.url}/images/${track.id}-64.png`, width: 64, height: 64 },
        ],
      },
      external_ids: track.isrc ? { isrc: track.isrc } : {},
      external_urls: { spotify: `https://open.spotify.com/track/${track.id}` },
    };
  }

  private artistJson(artist: DoubleSpotifyArtist) {
    return {
      id: artist.id,
      name: artist.name,
      images: [{ url: `${this.url}/images/${artist.id}-160.png`, width: 160, height: 160 }],
      ...(artist.followers === undefined ? {} : { followers: { total: artist.followers } }),
      genres: artist.genres ?? [],
      external_urls: { spotify: `https://open.spotify.com/artist/${artist.id}` },
    };
  }
}

/** Whether every word of `words` is in `text`, ignoring case. */
function contains(text: string, words: string): boolean {
  const haystack = text.toLowerCase();
  return words
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function page<T>(items: T[], offset: number, limit: number) {
  return { items: items.slice(offset, offset + limit), total: items.length, offset, limit };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
