import { describe, expect, it } from 'vitest';
import { isValidAvatar, jpegSize } from '../../src/services/avatar';
import { JPEG_64X64, JPEG_65X64, PNG_64X64 } from '../fixtures/avatars';

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');

describe('avatar checks', () => {
  it('reads the size of a JPEG from its frame header', () => {
    expect(jpegSize(bytesOf(JPEG_64X64))).toEqual({ width: 64, height: 64 });
    expect(jpegSize(bytesOf(JPEG_65X64))).toEqual({ width: 65, height: 64 });
  });

  it('finds no size in what is not a JPEG', () => {
    expect(jpegSize(bytesOf(PNG_64X64))).toBeNull();
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeNull();
    expect(jpegSize(Buffer.alloc(0))).toBeNull();
  });

  it('accepts a #rrggbb colour and a 64×64 JPEG data URL only', () => {
    expect(isValidAvatar('#a1B2c3')).toBe(true);
    expect(isValidAvatar(JPEG_64X64)).toBe(true);
    for (const avatar of ['#abc', 'a1b2c3', '#a1b2c3 ', JPEG_65X64, PNG_64X64, `${JPEG_64X64}!`]) {
      expect(isValidAvatar(avatar)).toBe(false);
    }
  });

  it('refuses a 64×64 frame header followed by nothing (no end-of-image marker)', () => {
    const bytes = bytesOf(JPEG_64X64);
    const truncated = bytes.subarray(0, bytes.length - 2).toString('base64');
    expect(isValidAvatar(`data:image/jpeg;base64,${truncated}`)).toBe(false);
  });
});
