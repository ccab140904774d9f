import { createHash } from 'node:crypto';
import { DomainError, YANDEX_MUSIC_ERRORS, YANDEX_MUSIC_LIMITS } from '@music-rooms/domain';
import type { YandexMusicClient } from './client';
import { yandexErrors } from './errors';
import { outsideUrl } from './outside-url';
import { ExpiredLink, streamToFile, type StreamTarget } from './stream-to-file';
import type { DownloadOption } from './wire';

/**
 * The service's download scheme: download-info lists the files of a track (codec, bitrate,
 * preview or not) each with an address; that address answers XML naming the storage host, the
 * path, a timestamp and a secret; the direct link is signed with the md5 of a salt, the path
 * without its first slash and the secret. The best file the account may have is taken; a link
 * that expired (the XML's address: 410; the direct link: 410/403) is made afresh once.
 */

/** The salt of the signature, as the service's own apps sign direct links. */
const SIGN_SALT = 'XGRlBW9FXlekgbPrRHuSiA';

const CODEC_RANK: Record<string, number> = { flac: 3, mp3: 2, aac: 1, 'he-aac': 0 };

export type DownloadTarget = StreamTarget & { durationMs: number };
export type Downloaded = { bytes: number; contentType: string; codec: string };

const infoFailures = {
  notFound: yandexErrors.trackNotFound,
  failed: yandexErrors.downloadInfoFailed,
  unauthorized: yandexErrors.authFailed,
};

/** The address download-info handed out is signed for a while: once gone, it has expired. */
const xmlFailures = { ...infoFailures, gone: yandexErrors.linkExpired };

/** The storage's link, or the download-info address before it, is good no more. */
const isExpiry = (error: unknown) =>
  error instanceof ExpiredLink ||
  (error instanceof DomainError && error.key === YANDEX_MUSIC_ERRORS.linkExpired);

/** The full file of the highest quality; only previews means the account may not have it. */
export function bestOption(options: readonly DownloadOption[]): DownloadOption {
  const full = options.filter((option) => option.preview !== true && option.downloadInfoUrl);
  if (full.length === 0) {
    throw options.length > 0 ? yandexErrors.premiumRequired() : yandexErrors.unavailable();
  }
  const rank = (option: DownloadOption) =>
    (CODEC_RANK[option.codec ?? ''] ?? -1) * 10_000 + (option.bitrateInKbps ?? 0);
  return [...full].sort((a, b) => rank(b) - rank(a))[0]!;
}

const tag = (xml: string, name: string) =>
  new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(xml)?.[1] ?? null;

/** The direct link from the download-info XML; a part missing or malformed is `prepareFailed`. */
export function signedLink(xml: string): string {
  const host = tag(xml, 'host');
  const path = tag(xml, 'path');
  const ts = tag(xml, 'ts');
  const secret = tag(xml, 's');
  const valid =
    host !== null &&
    /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) &&
    path !== null &&
    /^\/[A-Za-z0-9._~%/-]+$/.test(path) &&
    ts !== null &&
    /^[A-Za-z0-9]+$/.test(ts) &&
    secret !== null &&
    /^[A-Za-z0-9]+$/.test(secret);
  if (!valid) throw yandexErrors.prepareFailed();
  const sign = createHash('md5')
    .update(`${SIGN_SALT}${path.slice(1)}${secret}`)
    .digest('hex');
  return `${host}/get-mp3/${sign}/${ts}${path}`;
}

export async function directLink(
  client: YandexMusicClient,
  token: string,
  trackId: string,
  signal: AbortSignal,
): Promise<{ link: URL; option: DownloadOption }> {
  const info = await client.downloadInfo(token, trackId, infoFailures, signal);
  const option = bestOption(info.result);
  const infoUrl = outsideUrl(client.addressing, option.downloadInfoUrl!);
  if (!infoUrl) throw yandexErrors.prepareFailed();
  const xml = await client.fetchText(infoUrl, token, xmlFailures, { signal });
  const link = outsideUrl(client.addressing, signedLink(xml));
  if (!link) throw yandexErrors.prepareFailed();
  return { link, option };
}

/** Smaller than this is an error page or a preview: a floor, and half of what the bitrate needs. */
export function tooSmallBelow(option: DownloadOption, durationMs: number): number {
  const floor = YANDEX_MUSIC_LIMITS.tooSmallBytes;
  if (!option.bitrateInKbps || durationMs <= 0) return floor;
  const expected = ((option.bitrateInKbps * 1000) / 8) * (durationMs / 1000);
  return Math.max(floor, Math.round(expected * YANDEX_MUSIC_LIMITS.tooSmallShare));
}

/**
 * Downloads a track's best file into `target.file`, streamed (never whole in memory). Throws
 * the §8 error that says what went wrong.
 */
export async function downloadTrack(
  client: YandexMusicClient,
  token: string,
  trackId: string,
  target: DownloadTarget,
  signal: AbortSignal,
): Promise<Downloaded> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const { link, option } = await directLink(client, token, trackId, signal);
      const minBytes = tooSmallBelow(option, target.durationMs);
      const result = await streamToFile(client, link, { ...target, minBytes }, signal);
      return { ...result, codec: option.codec ?? 'mp3' };
    } catch (error) {
      if (!isExpiry(error)) throw error;
    }
  }
  throw yandexErrors.linkExpired();
}
