import { describe, expect, it } from 'vitest';
import { checkPhotoFile, checkPhotoSize } from './photo-file';
import { cropSquare, maxZoomFor } from './crop';

const MB = 1024 * 1024;

describe('profile photo files (spec §5)', () => {
  it('accepts PNG and JPG up to 5 MB', () => {
    expect(checkPhotoFile({ name: 'a.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkPhotoFile({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
  });

  it('refuses a file over 5 MB (user.fileTooLarge)', () => {
    expect(checkPhotoFile({ name: 'a.png', type: 'image/png', size: 5 * MB + 1 })).toEqual({
      key: 'user.fileTooLarge',
    });
  });

  it('refuses other kinds of file', () => {
    expect(checkPhotoFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toEqual({
      key: 'user.invalidFileType',
    });
    expect(checkPhotoFile({ name: 'a.webp', type: 'image/webp', size: 10 })).toEqual({
      key: 'user.invalidFileType',
    });
  });

  it('goes by the name when the browser gives no type', () => {
    expect(checkPhotoFile({ name: 'photo.JPEG', type: '', size: 10 })).toBeNull();
    expect(checkPhotoFile({ name: 'notes.txt', type: '', size: 10 })).toEqual({
      key: 'user.invalidFileType',
    });
  });

  it('refuses an image smaller than the 50 px crop', () => {
    expect(checkPhotoSize(49, 400)).toEqual({ key: 'user.imageTooSmall', values: { min: 50 } });
    expect(checkPhotoSize(50, 50)).toBeNull();
  });
});

describe('crop maths', () => {
  it('lets the square zoom in until it is 50 px of the image', () => {
    expect(maxZoomFor({ width: 1000, height: 500 })).toBe(10);
    expect(maxZoomFor({ width: 60, height: 80 })).toBeCloseTo(1.2);
    expect(maxZoomFor({ width: 40, height: 40 })).toBe(1);
  });

  it('keeps a square of whole pixels inside the image', () => {
    expect(
      cropSquare({ x: 10.4, y: 20.6, width: 100.2, height: 99.8 }, { width: 400, height: 300 }),
    ).toEqual({
      x: 10,
      y: 21,
      width: 100,
      height: 100,
    });
  });

  it('never keeps less than 50 px when the image is large enough', () => {
    expect(
      cropSquare({ x: 0, y: 0, width: 30, height: 30 }, { width: 400, height: 300 }).width,
    ).toBe(50);
  });

  it('moves a square that would stick out back inside, and shrinks one larger than the image', () => {
    expect(
      cropSquare({ x: 380, y: 290, width: 100, height: 100 }, { width: 400, height: 300 }),
    ).toEqual({
      x: 300,
      y: 200,
      width: 100,
      height: 100,
    });
    expect(
      cropSquare({ x: -5, y: 0, width: 500, height: 500 }, { width: 400, height: 300 }),
    ).toEqual({
      x: 0,
      y: 0,
      width: 300,
      height: 300,
    });
  });
});
