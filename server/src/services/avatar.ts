import { LIMITS } from '@music-rooms/domain';

const DATA_URL_PREFIX = 'data:image/jpeg;base64,';

/** Start-of-frame markers: the segments that carry a JPEG's height and width. */
const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** Width and height of a JPEG, read from its frame header; null when the bytes are not a JPEG. */
export function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    // Fill bytes and markers without a length (restart markers, TEM) have no payload.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    if (SOF_MARKERS.has(marker)) {
      if (offset + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

/**
 * Whether an avatar is one the app can show: a #rrggbb colour, or a data URL holding a real
 * JPEG of exactly the size the crop dialog makes (spec §5: 64×64).
 */
export function isValidAvatar(avatar: string): boolean {
  if (/^#[0-9a-fA-F]{6}$/.test(avatar)) return true;
  if (!avatar.startsWith(DATA_URL_PREFIX)) return false;
  const base64 = avatar.slice(DATA_URL_PREFIX.length);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
  const bytes = Buffer.from(base64, 'base64');
  const size = jpegSize(bytes);
  const side = LIMITS.profilePhoto.outputPx;
  const ends =
    bytes.length >= 2 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  return size !== null && ends && size.width === side && size.height === side;
}
