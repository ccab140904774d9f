import sharp from 'sharp';
import { avatarSchema, LIMITS } from '@music-rooms/domain';

const COLOR = /^#[0-9a-fA-F]{6}$/;
const DATA_URL_PREFIX = 'data:image/jpeg;base64,';
const SIDE = LIMITS.profilePhoto.outputPx;

/**
 * Where a JPEG's image ends: the offset just past its end-of-image marker, found by walking its
 * segments and skipping the entropy-coded data of each scan. Null when the structure breaks off
 * (a cut file, something that is not a JPEG). Decoders stop at that marker and ignore what
 * follows, so the caller compares it with the length to refuse bytes hidden after the picture.
 */
export function jpegEnd(bytes: Buffer): number | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let offset = 2;
  while (offset + 2 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] as number;
    if (marker === 0xd9) return offset + 2;
    // Fill bytes and markers without a length (restart markers, TEM) have no payload.
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    if (offset + 4 > bytes.length) return null;
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    offset += 2 + length;
    if (marker === 0xda) {
      const next = nextMarker(bytes, offset);
      if (next === null) return null;
      offset = next;
    }
  }
  return null;
}

/** The next marker after a scan's entropy-coded data (where 0xFF00 and restarts are data). */
function nextMarker(bytes: Buffer, from: number): number | null {
  for (let i = bytes.indexOf(0xff, from); i !== -1; i = bytes.indexOf(0xff, i + 1)) {
    const after = bytes[i + 1];
    if (after === undefined) return null;
    if (after !== 0x00 && !(after >= 0xd0 && after <= 0xd7)) return i;
  }
  return null;
}

/**
 * Whether bytes are one whole JPEG of exactly the size the crop dialog makes (spec §5: 64×64):
 * nothing after its end, a header that says JPEG and 64×64, and pixels that decode without a
 * single warning (a cut or corrupt file fails here).
 */
export async function isAvatarJpeg(bytes: Buffer): Promise<boolean> {
  if (jpegEnd(bytes) !== bytes.length) return false;
  try {
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: SIDE * SIDE });
    const { format, width, height } = await image.metadata();
    if (format !== 'jpeg' || width !== SIDE || height !== SIDE) return false;
    await image.raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether an avatar is one the app can show: a #rrggbb colour, or a data URL (within
 * avatarSchema's length cap) holding a real 64×64 JPEG.
 */
export async function isValidAvatar(avatar: string): Promise<boolean> {
  if (!avatarSchema.safeParse(avatar).success) return false;
  if (COLOR.test(avatar)) return true;
  if (!avatar.startsWith(DATA_URL_PREFIX)) return false;
  return isAvatarJpeg(Buffer.from(avatar.slice(DATA_URL_PREFIX.length), 'base64'));
}
