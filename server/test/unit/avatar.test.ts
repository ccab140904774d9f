import { describe, expect, it } from 'vitest';
import { isAvatarJpeg, isValidAvatar, jpegEnd } from '../../src/services/accounts/avatar';
import {
  JPEG_64X64,
  JPEG_65X64,
  PNG_64X64,
  jpegCutShort,
  jpegDataUrl,
  jpegHeaderThenJunk,
  jpegLongerThan,
  jpegWithTrailingJunk,
} from '../fixtures/avatars';

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
const CAP = 200_000;

describe('avatar checks', () => {
  it('finds where a JPEG ends, past its scan, at the end-of-image marker', () => {
    const bytes = bytesOf(JPEG_64X64);
    expect(jpegEnd(bytes)).toBe(bytes.length);
    expect(jpegEnd(bytesOf(jpegWithTrailingJunk()))).toBe(bytes.length);
  });

  it('finds no end in what is cut short or is not a JPEG', () => {
    const bytes = bytesOf(JPEG_64X64);
    expect(jpegEnd(bytes.subarray(0, bytes.length - 2))).toBeNull();
    expect(jpegEnd(bytes.subarray(0, 300))).toBeNull();
    expect(jpegEnd(bytesOf(PNG_64X64))).toBeNull();
    expect(jpegEnd(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(jpegEnd(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(jpegEnd(Buffer.alloc(0))).toBeNull();
  });

  it('decodes the pixels: a well-formed file whose data is junk or cut short is refused', async () => {
    expect(await isAvatarJpeg(bytesOf(JPEG_64X64))).toBe(true);
    for (const broken of [jpegHeaderThenJunk(), jpegCutShort()]) {
      const bytes = bytesOf(broken);
      expect(jpegEnd(bytes)).toBe(bytes.length);
      expect(await isAvatarJpeg(bytes)).toBe(false);
    }
  });

  it('caps the length: a valid 64×64 JPEG padded past it is refused for its length alone', async () => {
    const long = jpegLongerThan(CAP);
    expect(long.length).toBeGreaterThan(CAP);
    expect(await isAvatarJpeg(bytesOf(long))).toBe(true);
    expect(await isValidAvatar(long)).toBe(false);
  });

  it('accepts a #rrggbb colour and a 64×64 JPEG data URL', async () => {
    expect(await isValidAvatar('#a1B2c3')).toBe(true);
    expect(await isValidAvatar(JPEG_64X64)).toBe(true);
  });

  it.each([
    ['a short colour', '#abc'],
    ['a colour without #', 'a1b2c3'],
    ['a colour with a space', '#a1b2c3 '],
    ['a 65×64 JPEG', JPEG_65X64],
    ['a PNG', PNG_64X64],
    ['a PNG labelled as JPEG', PNG_64X64.replace('image/png', 'image/jpeg')],
    ['a character outside base64', `${JPEG_64X64}!`],
    ['a JPEG without its end-of-image marker', jpegDataUrl(bytesOf(JPEG_64X64).subarray(0, -2))],
    ['a JPEG cut in its scan', jpegDataUrl(bytesOf(JPEG_64X64).subarray(0, 700))],
    ['a JPEG cut in its scan, end marker put back', jpegCutShort()],
    ['a 64×64 header followed by junk', jpegHeaderThenJunk()],
    ['a JPEG with bytes hidden after its end', jpegWithTrailingJunk()],
    ['a JPEG longer than the cap', jpegLongerThan(CAP)],
  ])('refuses %s', async (_what, avatar) => {
    expect(await isValidAvatar(avatar)).toBe(false);
  });
});
