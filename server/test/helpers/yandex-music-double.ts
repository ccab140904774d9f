import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as data from './yandex-music-double-data';
import type {
  DoubleAccount,
  DoublePlaylist,
  DoubleRequest,
  DoubleTrack,
} from './yandex-music-double-data';
import { body, json, text } from './yandex-music-double-data';

export type * from './yandex-music-double-data';

/**
 * A double of the streaming service on loopback speaking its public API (account, tracks,
 * albums, playlists, an account's likes and playlists, search of tracks and artists, both
 * download schemes: download-info and its XML, and get-file-info whose signature it checks),
 * with signed download-info addresses and direct links it verifies and expires. An account may lack
 * tracks of the catalogue (`unreadable`). Each track says how its download behaves (a preview, an error page, a cut...).
 */

const SIGN_SALT = 'XGRlBW9FXlekgbPrRHuSiA';
/** The key get-file-info requests are signed with. */
const FILE_INFO_KEY = 'p93jhgh689SBReK6ghtw62';
/** How far a get-file-info request's `ts` may be from the double's clock. */
const FILE_INFO_SKEW_S = 300;

type Link = { trackId: string; secret: string; expiresAt: number };

export class YandexMusicDouble {
  readonly accounts = new Map<string, DoubleAccount>();
  readonly tracks = new Map<string, DoubleTrack>();
  readonly albums = new Map<string, { title: string; trackIds: string[] }>();
  readonly playlists = new Map<string, DoublePlaylist>();
  readonly requests: DoubleRequest[] = [];
  /** The likes of each artist by id, as an artist search gives them (none when missing). */
  readonly artistLikes = new Map<string, number>();
  /** How long a signed link stays good. */
  linkTtlMs = 60_000;
  /** API calls whose path matches answer this status instead. */
  apiFailures: { match: RegExp; status: number }[] = [];
  /** API answers wait this long first (a slow service). */
  apiDelayMs = 0;
  /** How long a slow download keeps the app waiting before its first byte. */
  slowMs = 10_000;
  /**
   * Where download-info's addresses point: the API's own origin when null, or another, such as
   * `storageUrl` (the same double on another port), as the real storage hosts are apart from
   * the API.
   */
  storageOrigin: string | null = null;
  /** The storage host the XML names instead of the double's own (`localhost:PORT`...). */
  xmlHost: string | null = null;
  /** Where the storage's redirects send the download (an origin), instead of its own. */
  redirectOrigin: string | null = null;
  private readonly links = new Map<string, Link>();
  private readonly held = new Map<string, () => void>();
  private readonly issued = new Map<string, number>();
  private servers: http.Server[] = [];
  url = '';
  /** The same double on another port of loopback: another origin. */
  storageUrl = '';

  async start(): Promise<this> {
    this.url = await this.listen();
    this.storageUrl = await this.listen();
    return this;
  }

  private async listen(): Promise<string> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    this.servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    await Promise.all(
      this.servers.map((server) => {
        server.closeAllConnections();
        return new Promise<void>((resolve) => server.close(() => resolve()));
      }),
    );
  }

  /** Where download-info's addresses point. */
  private get storageBase(): string {
    return this.storageOrigin ?? this.url;
  }

  get host(): string {
    return this.url.replace(/^http:\/\//, '');
  }

  addAccount(token: string, account: Partial<DoubleAccount> = {}): DoubleAccount {
    const full = {
      uid: 1000 + this.accounts.size,
      login: 'listener',
      displayName: 'Listener',
      hasPlus: true,
      likes: [],
      unreadable: [],
      ...account,
    };
    this.accounts.set(token, full);
    return full;
  }

  addTrack(track: DoubleTrack): DoubleTrack {
    return this.tracks.set(track.id, track).get(track.id)!;
  }

  /** Lets a held download of this track send the rest of its file. */
  release(trackId: string): void {
    this.held.get(trackId)?.();
  }

  /** Requests that carried this text anywhere in their Authorization header. */
  requestsWith(text: string): DoubleRequest[] {
    return this.requests.filter((request) => request.authorization?.includes(text));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      port: req.socket.localPort ?? 0,
      authorization: req.headers.authorization ?? null,
    });
    try {
      // The storage's addresses are signed; they need no token.
      const xml = /^\/download-info\/(\d+)\/(\w+)$/.exec(url.pathname);
      if (xml) return this.xml(xml[1]!, url, res);
      if (url.pathname.startsWith('/get-mp3/')) return await this.storage(url, res);
      if (url.pathname.startsWith('/redirected/')) return await this.redirected(url, res);
      if (url.pathname.startsWith('/covers/')) return await this.cover(url, res);
      if (this.apiDelayMs) {
        await new Promise((resolve) => setTimeout(resolve, this.apiDelayMs).unref());
      }
      const failure = this.apiFailures.find((entry) => entry.match.test(url.pathname));
      if (failure)
        return json(res, failure.status, { error: { name: 'failure', message: 'as told' } });
      const account = this.accountOf(req);
      if (!account)
        return json(res, 401, { error: { name: 'session-expired', message: 'Unauthorized' } });
      await this.api(req, url, account, res);
    } catch {
      if (!res.headersSent) json(res, 500, { error: { name: 'internal' } });
    }
  }

  private accountOf(req: http.IncomingMessage): DoubleAccount | null {
    const match = /^OAuth (.+)$/.exec(req.headers.authorization ?? '');
    return match ? (this.accounts.get(match[1]!) ?? null) : null;
  }

  private async api(
    req: http.IncomingMessage,
    url: URL,
    account: DoubleAccount,
    res: http.ServerResponse,
  ) {
    const path = url.pathname;
    if (path === '/account/status') {
      return json(res, 200, {
        result: {
          account: { uid: account.uid, login: account.login, displayName: account.displayName },
          plus: { hasPlus: account.hasPlus },
        },
      });
    }
    if (path === '/tracks' && req.method === 'POST') {
      const ids = new URLSearchParams(await body(req)).get('track-ids')?.split(',') ?? [];
      return json(res, 200, {
        result: ids.flatMap((id) => (this.readable(account, id) ? [this.wire(id)] : [])),
      });
    }
    let match = /^\/tracks\/(\d+)\/download-info$/.exec(path);
    if (match) return this.downloadInfo(match[1]!, account, res);
    match = /^\/users\/([^/]+)\/(likes\/tracks|playlists\/list)$/.exec(path);
    if (match) {
      const owner = decodeURIComponent(match[1]!);
      if (owner !== String(account.uid) && owner !== account.login) {
        return json(res, 403, { error: { name: 'not-allowed', message: 'not yours' } });
      }
      return match[2] === 'likes/tracks'
        ? this.likes(account, res)
        : this.ownPlaylists(account, res);
    }
    match = /^\/albums\/(\d+)\/with-tracks$/.exec(path);
    if (match) return this.album(match[1]!, res);
    match = /^\/users\/([^/]+)\/playlists\/(\d+)$/.exec(path);
    if (match) return this.playlist(`${decodeURIComponent(match[1]!)}/${match[2]}`, res);
    match = /^\/playlist\/([^/]+)$/.exec(path);
    if (match) return this.playlist(decodeURIComponent(match[1]!), res);
    if (path === '/get-file-info') return this.fileInfo(url.searchParams, account, res);
    if (path === '/search' && url.searchParams.get('type') === 'artist') {
      return this.artistSearch(url.searchParams.get('text') ?? '', res);
    }
    if (path === '/search') return this.search(account, url.searchParams.get('text') ?? '', res);
    json(res, 404, { error: { name: 'not-found' } });
  }

  /** A track as the service writes it. */
  wire(id: string) {
    return data.wireTrack(this.tracks.get(id)!, this.host);
  }

  private album(id: string, res: http.ServerResponse) {
    const album = this.albums.get(id);
    if (!album) return json(res, 404, { error: { name: 'not-found' } });
    return json(res, 200, {
      result: {
        id: Number(id),
        title: album.title,
        trackCount: album.trackIds.length,
        coverUri: `${this.host}/covers/navy/%%`,
        volumes: [album.trackIds.map((trackId) => this.wire(trackId))],
      },
    });
  }

  private playlist(key: string, res: http.ServerResponse) {
    const playlist = this.playlists.get(key);
    if (!playlist) return json(res, 404, { error: { name: 'not-found' } });
    return json(res, 200, {
      result: {
        title: playlist.title,
        trackCount: playlist.trackIds.length,
        cover: { type: 'pic', uri: `${this.host}/covers/purple/%%` },
        tracks: playlist.trackIds.map((id, index) =>
          playlist.byIdOnly
            ? { id: Number(id), originalIndex: index }
            : { id: Number(id), track: this.wire(id) },
        ),
      },
    });
  }

  /** Whether the account's catalogue holds the track. */
  private readable(account: DoubleAccount, id: string): boolean {
    return this.tracks.has(id) && !account.unreadable.includes(id);
  }

  private likes(account: DoubleAccount, res: http.ServerResponse) {
    return json(res, 200, {
      result: {
        library: {
          uid: account.uid,
          revision: 7,
          tracks: account.likes.map((id) => ({
            id,
            albumId: this.tracks.get(id)?.album?.id ?? '0',
            timestamp: '2024-05-01T10:00:00+00:00',
          })),
        },
      },
    });
  }

  /** The account's playlists: those kept under its login (`login/kind`). */
  private ownPlaylists(account: DoubleAccount, res: http.ServerResponse) {
    const own = [...this.playlists.entries()].filter(([key]) =>
      key.startsWith(`${account.login}/`),
    );
    return json(res, 200, {
      result: own.map(([key, playlist]) => ({
        uid: account.uid,
        kind: Number(key.split('/')[1]),
        title: playlist.title,
        trackCount: playlist.trackIds.length,
        owner: { uid: account.uid, login: account.login, name: account.displayName },
        visibility: 'public',
      })),
    });
  }

  private search(account: DoubleAccount, text: string, res: http.ServerResponse) {
    const found = [...this.tracks.values()].filter(
      (track) =>
        !account.unreadable.includes(track.id) &&
        `${track.title} ${track.artists.map((a) => a.name).join(' ')}`
          .toLowerCase()
          .includes(text.toLowerCase()),
    );
    return json(res, 200, {
      result: {
        text,
        tracks: { total: found.length, perPage: 20, results: found.map((t) => this.wire(t.id)) },
      },
    });
  }

  /** Artists of the catalogue's tracks whose name holds the text, each once. */
  private artistSearch(text: string, res: http.ServerResponse) {
    const artists = new Map<string, { id: string; name: string }>();
    for (const track of this.tracks.values()) {
      for (const artist of track.artists) {
        if (artist.name.toLowerCase().includes(text.toLowerCase())) artists.set(artist.id, artist);
      }
    }
    const results = [...artists.values()].map((artist) => ({
      id: Number(artist.id),
      name: artist.name,
      cover: { type: 'from-artist-photos', uri: `${this.host}/covers/orange/%%` },
      ...(this.artistLikes.has(artist.id) ? { likesCount: this.artistLikes.get(artist.id) } : {}),
    }));
    return json(res, 200, { result: { text, artists: { total: results.length, results } } });
  }

  /**
   * get-file-info: the request must be signed (an HMAC of its parameters) and recent; the answer
   * names the best file and a direct link already signed, as the storage checks it.
   */
  private fileInfo(params: URLSearchParams, account: DoubleAccount, res: http.ServerResponse) {
    const values = ['ts', 'trackId', 'quality', 'codecs', 'transports'].map(
      (name) => params.get(name) ?? '',
    );
    const expected = createHmac('sha256', FILE_INFO_KEY)
      .update(values.join('').replaceAll(',', ''))
      .digest('base64')
      .slice(0, -1);
    const skew = Math.abs(Date.now() / 1000 - Number(values[0]));
    if (params.get('sign') !== expected || !(skew <= FILE_INFO_SKEW_S)) {
      return json(res, 403, { error: { name: 'bad-sign', message: 'wrong signature' } });
    }
    const id = values[1]!;
    const track = this.readable(account, id) ? this.tracks.get(id) : undefined;
    if (!track) return json(res, 404, { error: { name: 'not-found' } });
    if (track.premium && !account.hasPlus) {
      return json(res, 403, { error: { name: 'not-allowed', message: 'subscription required' } });
    }
    const url = this.signedLink(id);
    return json(res, 200, {
      result: {
        downloadInfo: {
          trackId: id,
          quality: values[2],
          codec: 'mp3',
          bitrate: track.bitrateInKbps ?? 128,
          transport: values[4],
          url,
          urls: [url],
          size: track.audio.length,
          gain: false,
          realId: id,
        },
      },
    });
  }

  /** A direct link the storage takes, as the XML step of download-info would make it. */
  private signedLink(id: string): string {
    const secret = randomBytes(8).toString('hex');
    const path = `/music/${id}/${randomBytes(6).toString('hex')}.mp3`;
    const expiresAt = Date.now() + this.linkTtlMs;
    this.links.set(path, { trackId: id, secret, expiresAt });
    const sign = createHash('md5')
      .update(`${SIGN_SALT}${path.slice(1)}${secret}`)
      .digest('hex');
    return `${this.storageBase}/get-mp3/${sign}/${expiresAt.toString(16)}${path}`;
  }

  private downloadInfo(id: string, account: DoubleAccount, res: http.ServerResponse) {
    const track = this.readable(account, id) ? this.tracks.get(id) : undefined;
    if (!track) return json(res, 404, { error: { name: 'not-found' } });
    if (track.download === 'infoStatus')
      return json(res, track.status ?? 500, { error: { name: 'failure' } });
    if (track.premium && !account.hasPlus) {
      return json(res, 403, { error: { name: 'not-allowed', message: 'subscription required' } });
    }
    if (track.download === 'noFiles') return json(res, 200, { result: [] });
    const option = (n: string, preview: boolean, bitrate: number) => ({
      codec: 'mp3',
      bitrateInKbps: bitrate,
      gain: false,
      preview,
      direct: false,
      downloadInfoUrl: `${this.storageBase}/download-info/${id}/${n}?ts=${(Date.now() + this.linkTtlMs).toString(16)}`,
    });
    const bitrate = track.bitrateInKbps ?? 128;
    const options =
      track.download === 'previewsOnly'
        ? [option('preview', true, 128)]
        : [option('low', false, 64), option('best', false, bitrate), option('preview', true, 128)];
    return json(res, 200, { result: options });
  }

  /** The XML naming the storage host, the path, a timestamp and a secret. */
  private xml(id: string, url: URL, res: http.ServerResponse) {
    const track = this.tracks.get(id);
    if (!track) return json(res, 404, { error: { name: 'not-found' } });
    // The address download-info handed out is good for a while too, as the direct link is.
    const until = parseInt(url.searchParams.get('ts') ?? '0', 16);
    if (Date.now() > until || track.download === 'alwaysExpired') {
      return text(res, 410, 'text/plain', 'link expired');
    }
    if (track.download === 'badXml')
      return text(res, 200, 'text/xml', '<download-info><host>x</host></download-info>');
    const secret = randomBytes(8).toString('hex');
    const path = `/music/${id}/${randomBytes(6).toString('hex')}.mp3`;
    const expiresAt = Date.now() + this.linkTtlMs;
    this.links.set(path, { trackId: id, secret, expiresAt });
    const xml = `<?xml version="1.0" encoding="utf-8"?>\n<download-info><host>${this.xmlHost ?? this.storageBase.replace(/^http:\/\//, '')}</host><path>${path}</path><ts>${expiresAt.toString(16)}</ts><region>-1</region><s>${secret}</s></download-info>`;
    return text(res, 200, 'text/xml', xml);
  }

  /** /get-mp3/{sign}/{ts}{path}: the signature is checked before anything else. */
  private async storage(url: URL, res: http.ServerResponse) {
    const match = /^\/get-mp3\/([0-9a-f]{32})\/([0-9a-f]+)(\/music\/.+)$/.exec(url.pathname);
    const link = match ? this.links.get(match[3]!) : undefined;
    if (!match || !link) return text(res, 404, 'text/plain', 'no such file');
    const sign = createHash('md5')
      .update(`${SIGN_SALT}${match[3]!.slice(1)}${link.secret}`)
      .digest('hex');
    if (sign !== match[1]) return text(res, 401, 'text/plain', 'bad signature');
    const track = this.tracks.get(link.trackId)!;
    const count = (this.issued.get(track.id) ?? 0) + 1;
    this.issued.set(track.id, count);
    const expired =
      Date.now() > link.expiresAt ||
      track.download === 'alwaysExpired' ||
      (track.download === 'expiresOnce' && count === 1);
    if (expired) return text(res, 410, 'text/plain', 'link expired');
    if (track.download === 'redirect' || track.download === 'twoRedirects') {
      res.writeHead(302, { location: `${this.redirectOrigin ?? ''}/redirected/${track.id}/1` });
      res.end();
      return;
    }
    return this.file(track, res);
  }

  private async redirected(url: URL, res: http.ServerResponse) {
    const [, , id, step] = url.pathname.split('/');
    const track = this.tracks.get(id ?? '');
    if (!track) return text(res, 404, 'text/plain', 'gone');
    if (track.download === 'twoRedirects' && step === '1') {
      res.writeHead(302, { location: `/redirected/${track.id}/2` }).end();
      return;
    }
    return this.file(track, res);
  }

  private async file(track: DoubleTrack, res: http.ServerResponse) {
    switch (track.download) {
      case 'htmlPage':
        return text(
          res,
          200,
          'text/html; charset=utf-8',
          '<html><body>Access denied</body></html>',
        );
      case 'tinyFile':
        return text(res, 200, 'audio/mpeg', track.audio.subarray(0, 2048));
      case 'storageStatus':
        return text(res, track.status ?? 503, 'text/plain', 'storage trouble');
      case 'slowStart':
        await new Promise((resolve) => setTimeout(resolve, this.slowMs).unref());
        return text(res, 200, 'audio/mpeg', track.audio);
      case 'held':
        return this.heldFile(track, res);
      case 'cutShort':
        res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': track.audio.length });
        res.write(track.audio.subarray(0, Math.floor(track.audio.length / 2)));
        setTimeout(() => res.socket?.destroy(), 20);
        return;
      default:
        return text(res, 200, 'audio/mpeg', track.audio);
    }
  }

  /** Half the file at once; then a byte every 200 ms (the app's idle timer stays quiet). */
  private heldFile(track: DoubleTrack, res: http.ServerResponse) {
    const audio = track.audio;
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': audio.length });
    let sent = Math.floor(audio.length / 2);
    res.write(audio.subarray(0, sent));
    const trickle = setInterval(() => {
      if (sent < audio.length - 1) res.write(audio.subarray(sent, ++sent));
    }, 200);
    const release = () => {
      clearInterval(trickle);
      this.held.delete(track.id);
      res.end(audio.subarray(sent));
    };
    this.held.set(track.id, release);
    res.on('close', () => clearInterval(trickle));
  }

  private async cover(url: URL, res: http.ServerResponse) {
    return text(res, 200, 'image/png', await data.coverPng(url));
  }
}
