import sharp from 'sharp';
import { LIMITS } from '@music-rooms/domain';
import { toCoverWebp } from '../../media';
import { readLimitedBytes } from './read-bytes';
import type { YandexMusicClient } from './client';
import { outsideUrl } from './outside-url';

/**
 * Covers from the service. Its cover addresses hold `%%` where the size goes. The preview gets
 * a small data: URL (the page loads no image from the service itself, so its CSP stays
 * `img-src 'self' data: blob:`); a track whose file has no cover gets the service's, stored as
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
  if (!image) return null;
  try {
    const small = await sharp(image, { failOn: 'error', limitInputPixels: 16 * 1024 * 1024 })
      .resize(PREVIEW_PX, PREVIEW_PX, { fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer();
    return `data:image/webp;base64,${small.toString('base64')}`;
  } catch {
    return null;
  }
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
