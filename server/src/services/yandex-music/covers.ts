import { LIMITS } from '@music-rooms/domain';
import { toCoverWebp, toPreviewDataUrl } from '../../media';
import { readLimitedBytes } from '../read-limited-bytes';
import type { YandexMusicClient } from './client';
import { outsideUrl } from './outside-url';

/**
 * Covers from the service. Its cover addresses hold `%%` where the size goes. The preview gets
 * a small data: URL (`toPreviewDataUrl`); a track whose file has no cover gets the service's, stored as
 * the product keeps every cover (512×512 WebP).
 */

const PREVIEW_PX = 160;

async function fetchCover(
  client: YandexMusicClient,
  uri: string,
  sizePx: number,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  const url = outsideUrl(client.addressing, uri.replace('%%', `${sizePx}x${sizePx}`));
  if (!url) return null;
  try {
    const response = await client.fetchOutside(url, {
      redirect: 'error',
      signal: client.timeout(signal),
    });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('image/')) {
      await response.body?.cancel();
      return null;
    }
    return await readLimitedBytes(response, LIMITS.trackCover.maxBytes);
  } catch {
    return null;
  }
}

/** A small cover for the preview, or null when there is none or it cannot be read. */
export async function coverPreview(
  client: YandexMusicClient,
  uri: string | null | undefined,
): Promise<string | null> {
  if (!uri) return null;
  const image = await fetchCover(client, uri, 200);
  return image ? toPreviewDataUrl(image, PREVIEW_PX) : null;
}

/** The service's cover as a track keeps it, or null. */
export async function serviceCover(
  client: YandexMusicClient,
  uri: string | null,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  if (!uri) return null;
  const image = await fetchCover(client, uri, 1000, signal);
  return image ? toCoverWebp(image).catch(() => null) : null;
}
