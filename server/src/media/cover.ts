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
