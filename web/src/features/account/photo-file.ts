import { LIMITS } from '@music-rooms/domain/limits';
import { messageKey, type MessageRef } from '../../app/forms/message-ref';

/** Profile photos are PNG or JPG files (spec §5). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

type FileLike = { name: string; type: string; size: number };

/** Why a chosen file cannot become a profile photo, or null when it can. */
export function checkPhotoFile(file: FileLike): MessageRef | null {
  const typeOk = file.type
    ? (PHOTO_TYPES as readonly string[]).includes(file.type)
    : /\.(png|jpe?g)$/i.test(file.name);
  if (!typeOk) return messageKey('user.invalidFileType');
  if (file.size > LIMITS.profilePhoto.maxBytes) return messageKey('user.fileTooLarge');
  return null;
}

/** An image too small for the smallest crop (50 px) cannot be used. */
export function checkPhotoSize(width: number, height: number): MessageRef | null {
  const min = LIMITS.profilePhoto.cropMinPx;
  return Math.min(width, height) < min ? messageKey('user.imageTooSmall', { min }) : null;
}
