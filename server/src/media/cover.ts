import sharp from 'sharp';
import { LIMITS } from '@music-rooms/domain';

/**
 * A cover as the product keeps it (spec §5): 512×512 WebP, the middle of the picture when it is
 * not square. Throws when the bytes are no image sharp can read.
 */
export async function toCoverWebp(image: Uint8Array): Promise<Buffer> {
  const size = LIMITS.trackCover.sizePx;
  return sharp(image, { failOn: 'error', limitInputPixels: 64 * 1024 * 1024 })
    .rotate()
    .resize(size, size, { fit: 'cover', position: 'centre' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * A small square preview of a picture from another service, as a data: URL: the page loads no
 * image from outside (its CSP's img-src is the site, data:, blob: and the bucket), so the server
 * hands such pictures on inline. Null when the bytes are no image.
 */
export async function toPreviewDataUrl(image: Uint8Array, sizePx: number): Promise<string | null> {
  try {
    const small = await sharp(image, { failOn: 'error', limitInputPixels: 16 * 1024 * 1024 })
      .resize(sizePx, sizePx, { fit: 'cover' })
      .webp({ quality: 75 })
      .toBuffer();
    return `data:image/webp;base64,${small.toString('base64')}`;
  } catch {
    return null;
  }
}
