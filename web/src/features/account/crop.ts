import { LIMITS } from '@music-rooms/domain/limits';

export type Area = { x: number; y: number; width: number; height: number };
export type Size = { width: number; height: number };

const { cropMinPx, outputPx, jpegQuality } = LIMITS.profilePhoto;

/**
 * How far the crop box may zoom in: at zoom 1 the square box spans the image's short side, so
 * zooming past shortSide / 50 would make it smaller than the 50 px minimum (spec §5).
 */
export function maxZoomFor(image: Size): number {
  return Math.max(1, Math.min(image.width, image.height) / cropMinPx);
}

/**
 * The square of the image to keep, in whole pixels: at least 50 px (as far as the image
 * allows), no larger than the image, and inside it.
 */
export function cropSquare(area: Area, image: Size): Area {
  const shortSide = Math.floor(Math.min(image.width, image.height));
  const wanted = Math.round(Math.min(area.width, area.height));
  const side = Math.min(shortSide, Math.max(wanted, Math.min(cropMinPx, shortSide)));
  const x = clamp(Math.round(area.x), 0, Math.floor(image.width) - side);
  const y = clamp(Math.round(area.y), 0, Math.floor(image.height) - side);
  return { x, y, width: side, height: side };
}

/** Draws the kept square onto a 64×64 canvas and answers it as a JPEG data URL (quality 0.8). */
export function renderAvatar(image: CanvasImageSource, size: Size, area: Area): string {
  const square = cropSquare(area, size);
  const canvas = document.createElement('canvas');
  canvas.width = outputPx;
  canvas.height = outputPx;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  // JPEG has no transparency: a transparent PNG gets a white background, not a black one.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, outputPx, outputPx);
  context.drawImage(
    image,
    square.x,
    square.y,
    square.width,
    square.height,
    0,
    0,
    outputPx,
    outputPx,
  );
  return canvas.toDataURL('image/jpeg', jpegQuality);
}

/** Loads an image from a (blob) URL, ready to draw. */
export async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
