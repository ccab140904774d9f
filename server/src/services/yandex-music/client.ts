import { fetch, type Agent, type RequestInit, type Response } from 'undici';
import type { z } from 'zod';
import { DomainError } from '@music-rooms/domain';
import { yandexErrors } from './errors';
import { readLimitedBytes } from '../read-limited-bytes';
import { isForbiddenAddressFailure, outsideAgent } from './outside-address';
import { addressingOf, mayCarryToken, type ServiceAddressing } from './outside-url';
import * as wire from './wire';

/**
 * A small client of the streaming service's public API (the calls its own apps make): account
 * status, tracks by id, albums with tracks, playlists, an account's likes and playlists, search
 * (tracks, artists) and both download schemes (download-info, get-file-info). The token goes
 * in the Authorization header of each call and nowhere else: no error, log line or answer of
 * this module carries it.
 */

export type ClientOptions = {
  apiUrl: string;
  requestTimeoutMs: number;
  /** Addresses from answers may be on loopback (a local double; YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS). */
  allowLoopbackDownloads: boolean;
};

/** What a failed call means where it was made (a playlist that is gone, a search that failed). */
export type Failures = {
  notFound: () => DomainError;
  failed: () => DomainError;
  unauthorized?: () => DomainError;
  /** 410 Gone: an address handed out that is good no more (a signed download-info address). */
  gone?: () => DomainError;
};

type Request = { query?: Record<string, string>; form?: Record<string, string> };

/** One request and its answer, as the developer pages show them (the token is the caller's to mask). */
export type Exchange = {
  method: string;
  url: URL;
  carriedToken: boolean;
  /** Null when no answer came. */
  status: number | null;
  contentType: string | null;
  body: string;
  ms: number;
};
export type ExchangeRecorder = (exchange: Exchange) => void;

/** An answer larger than this is no answer of the API's (a playlist of 10,000 tracks fits). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export const authorization = (token: string) => ({ authorization: `OAuth ${token}` });

/** The service's refusal by status: no token, no access, no subscription, nothing there. */
function failureOf(status: number, body: string, failures: Failures): DomainError {
  if (status === 401) return (failures.unauthorized ?? yandexErrors.tokenInvalid)();
  if (status === 403 && /not[-_ ]?allowed|premium|subscription/i.test(body)) {
    return yandexErrors.premiumRequired();
  }
  if (status === 403 || status === 451) return yandexErrors.unavailable();
  if (status === 404) return failures.notFound();
  if (status === 410 && failures.gone) return failures.gone();
  return failures.failed();
}

export class YandexMusicClient {
  readonly addressing: ServiceAddressing;
  /** Connects only to allowed addresses: every address an answer hands out goes through it. */
  private readonly outside: Agent;
  /** Told of every exchange of `fetchText`; only a `recording` view of the client has one. */
  private recorder: ExchangeRecorder | null = null;

  constructor(private readonly options: ClientOptions) {
    this.addressing = addressingOf(options.apiUrl);
    this.outside = outsideAgent(options.allowLoopbackDownloads);
  }

  /**
   * Fetches an address an answer handed out (a storage host, a cover) through the guarded
   * agent. A refused address is `prepareFailed`; the network failing throws as fetch does.
   */
  async fetchOutside(url: URL, init: RequestInit = {}): Promise<Response> {
    try {
      return await fetch(url, { ...init, dispatcher: this.outside });
    } catch (error) {
      if (isForbiddenAddressFailure(error)) throw yandexErrors.prepareFailed();
      throw error;
    }
  }

  /**
   * This client telling `record` of every exchange with the API and the addresses its answers
   * hand out (the developer pages show the raw answers). It shares this client's settings and
   * connections, so there is nothing to close.
   */
  recording(record: ExchangeRecorder): YandexMusicClient {
    const view = Object.create(this) as YandexMusicClient;
    view.recorder = record;
    return view;
  }

  /** Ends the guarded agent's connections (the app closing). */
  close(): Promise<void> {
    return this.outside.close();
  }

  /** A signal that ends the call after the request time-out, or when the caller's does. */
  timeout(signal?: AbortSignal): AbortSignal {
    const own = AbortSignal.timeout(this.options.requestTimeoutMs);
    return signal ? AbortSignal.any([own, signal]) : own;
  }

  /**
   * Fetches text from the service, following no redirect: from its API (`api`), or from an
   * address an answer handed out, through the guarded agent. The token goes only to the API's
   * origin. The network failing, the time-out and a body cut short are a network error; a
   * refused address is `prepareFailed`; a refusal of the service is read by its status.
   */
  async fetchText(
    url: URL,
    token: string,
    failures: Failures,
    init: { form?: Record<string, string>; signal?: AbortSignal; api?: boolean } = {},
  ): Promise<string> {
    const headers: Record<string, string> = { accept: 'application/json, text/xml' };
    if (mayCarryToken(this.addressing, url)) Object.assign(headers, authorization(token));
    if (init.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const signal = this.timeout(init.signal);
    const method = init.form ? 'POST' : 'GET';
    const started = performance.now();
    const record = (status: number | null, contentType: string | null, body: string) =>
      this.recorder?.({
        method,
        url,
        carriedToken: 'authorization' in headers,
        status,
        contentType,
        body,
        ms: Math.round(performance.now() - started),
      });
    let status: number;
    let body: string;
    try {
      const request: RequestInit = {
        method,
        headers,
        redirect: 'manual',
        signal,
        ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
      };
      const response = init.api ? await fetch(url, request) : await this.fetchOutside(url, request);
      status = response.status;
      body = (await readLimitedBytes(response, MAX_ANSWER_BYTES)).toString('utf8');
      record(status, response.headers.get('content-type'), body);
    } catch (error) {
      record(null, null, '');
      if (error instanceof DomainError) throw error;
      throw yandexErrors.networkError();
    }
    if (status >= 200 && status < 300) return body;
    throw REDIRECTS.has(status) ? failures.failed() : failureOf(status, body, failures);
  }

  /** Calls an API path and reads its JSON with the schema; an unreadable answer is `failed`. */
  async call<T extends z.ZodType>(
    token: string,
    path: string,
    schema: T,
    failures: Failures,
    request: Request & { signal?: AbortSignal } = {},
  ): Promise<z.output<T>> {
    const url = new URL(`${this.options.apiUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {})) {
      url.searchParams.set(name, value);
    }
    const text = await this.fetchText(url, token, failures, { ...request, api: true });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw failures.failed();
    }
    const result = schema.safeParse(parsed);
    if (!result.success) throw failures.failed();
    return result.data;
  }

  accountStatus(token: string, failures: Failures) {
    return this.call(token, '/account/status', wire.accountStatus, failures);
  }

  /** Tracks by id, in chunks the service takes; ids it does not know come back as null. */
  async tracks(token: string, ids: readonly string[], failures: Failures) {
    const found: (wire.WireTrack | null)[] = [];
    for (let at = 0; at < ids.length; at += 100) {
      const chunk = ids.slice(at, at + 100);
      const answer = await this.call(token, '/tracks', wire.trackList, failures, {
        form: { 'track-ids': chunk.join(','), 'with-positions': 'false' },
      });
      found.push(...answer.result);
    }
    return found;
  }

  album(token: string, albumId: string, failures: Failures) {
    return this.call(token, `/albums/${albumId}/with-tracks`, wire.album, failures);
  }

  userPlaylist(token: string, owner: string, kind: string, failures: Failures) {
    const path = `/users/${encodeURIComponent(owner)}/playlists/${kind}`;
    return this.call(token, path, wire.playlist, failures);
  }

  uuidPlaylist(token: string, uuid: string, failures: Failures) {
    return this.call(token, `/playlist/${encodeURIComponent(uuid)}`, wire.playlist, failures);
  }

  likedTracks(token: string, uid: string, failures: Failures) {
    const path = `/users/${encodeURIComponent(uid)}/likes/tracks`;
    return this.call(token, path, wire.likedTracks, failures);
  }

  playlistList(token: string, uid: string, failures: Failures) {
    const path = `/users/${encodeURIComponent(uid)}/playlists/list`;
    return this.call(token, path, wire.playlistList, failures);
  }

  search(token: string, text: string, failures: Failures) {
    return this.call(token, '/search', wire.search, failures, {
      query: { text, type: 'track', page: '0', nocorrect: 'false' },
    });
  }

  searchArtists(token: string, text: string, failures: Failures) {
    return this.call(token, '/search', wire.artistSearch, failures, {
      query: { text, type: 'artist', page: '0', nocorrect: 'false' },
    });
  }

  /** The newer download scheme: the file and its link in one signed request (file-info.ts). */
  fileInfo(token: string, query: Record<string, string>, failures: Failures) {
    return this.call(token, '/get-file-info', wire.fileInfo, failures, { query });
  }

  downloadInfo(token: string, trackId: string, failures: Failures, signal?: AbortSignal) {
    return this.call(token, `/tracks/${trackId}/download-info`, wire.downloadInfo, failures, {
      ...(signal ? { signal } : {}),
    });
  }
}
