import type { RoomId } from '@music-rooms/domain/ids';
import { local, type SafeStorage } from '../../lib/storage';
import type { StoredUpload } from './resume-match';

/**
 * The unfinished batch of a room, kept in localStorage so that a reload (or a closed tab) can
 * pick it up again: per item the file's name, size and date, and its tus upload address.
 * An item leaves when all its bytes arrived, or when it is cancelled.
 */
const keyOf = (roomId: RoomId) => `music-rooms.uploads.${roomId}`;

export function readBatch(roomId: RoomId, storage: SafeStorage = local): StoredUpload[] {
  const raw = storage.get(keyOf(roomId));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isStoredUpload) : [];
  } catch {
    return [];
  }
}

export function writeBatch(roomId: RoomId, items: StoredUpload[], storage: SafeStorage = local) {
  if (items.length === 0) storage.remove(keyOf(roomId));
  else storage.set(keyOf(roomId), JSON.stringify(items));
}

function isStoredUpload(value: unknown): value is StoredUpload {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.key === 'string' &&
    typeof item.fileName === 'string' &&
    typeof item.size === 'number' &&
    typeof item.lastModified === 'number' &&
    (item.uploadUrl === null || typeof item.uploadUrl === 'string')
  );
}
