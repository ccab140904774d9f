import { createHmac } from 'node:crypto';
import type { YandexMusicClient } from './client';
import { yandexErrors } from './errors';
import { outsideUrl } from './outside-url';

/**
 * The service's newer download scheme: `/get-file-info` names a track, the quality and codecs
 * wanted and how the file is to travel, signed with an HMAC of those parameters; the answer
 * holds the chosen file and its direct link, signed by the service (no XML step). `raw` asks
 * for the file unencrypted, as the older scheme gives it.
 */

/** The key the service's own apps sign get-file-info with. */
const SIGN_KEY = 'p93jhgh689SBReK6ghtw62';

const WANTED = { quality: 'lossless', codecs: 'flac,aac,he-aac,mp3', transports: 'raw' };

/**
 * The request's parameters and their signature: the HMAC-SHA256 of the values run together
 * (commas of the codec list dropped), in base64 without its last character.
 */
export function fileInfoQuery(trackId: string, nowMs: number): Record<string, string> {
  const params = { ts: String(Math.floor(nowMs / 1000)), trackId, ...WANTED };
  const signed = Object.values(params).join('').replaceAll(',', '');
  const sign = createHmac('sha256', SIGN_KEY).update(signed).digest('base64').slice(0, -1);
  return { ...params, sign };
}

const failures = {
  notFound: yandexErrors.trackNotFound,
  failed: yandexErrors.downloadInfoFailed,
  unauthorized: yandexErrors.authFailed,
};

/** The file get-file-info chose for a track and its direct link. */
export async function fileInfoLink(
  client: YandexMusicClient,
  token: string,
  trackId: string,
): Promise<{ link: URL; codec: string | null; bitrateInKbps: number | null }> {
  const { result } = await client.fileInfo(token, fileInfoQuery(trackId, Date.now()), failures);
  const info = result.downloadInfo;
  const address = info.url ?? info.urls.find(Boolean);
  const link = address ? outsideUrl(client.addressing, address) : null;
  if (!link) throw yandexErrors.prepareFailed();
  return { link, codec: info.codec ?? null, bitrateInKbps: info.bitrate || null };
}
