import {
  DomainError,
  UPLOADER_TAGS,
  type RoomId,
  type TrackId,
  type TrackTagChanges,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import type { RoomViewer } from '../rooms/access';
import { authorizeTrack, authorizeTracksOf } from './access';
import type { TrackRow } from './store';

const uploaderMay: ReadonlySet<string> = new Set(UPLOADER_TAGS);

/** Whether the changes touch only what an uploader may fix (a tag sent unchanged touches nothing). */
export function onlyUploaderTags(
  track: Pick<TrackRow, keyof TrackTagChanges>,
  changes: TrackTagChanges,
): boolean {
  return Object.entries(changes).every(
    ([field, value]) =>
      value === undefined ||
      uploaderMay.has(field) ||
      track[field as keyof TrackTagChanges] === value,
  );
}

/**
 * Who may edit a track's tags: whoever manages the room's music, or the person who uploaded it
 * (while they may still add tracks to the room) for its title, artist, album and year. Anyone
 * else gets the room's refusal for managing.
 */
export async function authorizeTagEdit(
  db: Database,
  viewer: RoomViewer,
  id: TrackId,
  changes: TrackTagChanges,
): Promise<void> {
  try {
    await authorizeTrack(db, viewer, id, 'tracks.manage');
  } catch (refusal) {
    const { track } = await authorizeTrack(db, viewer, id, 'room.view').catch(() => {
      throw refusal;
    });
    if (!isOwnFix(viewer.userId, track, changes)) throw refusal;
    await authorizeTrack(db, viewer, id, 'tracks.add');
  }
}

const isOwnFix = (userId: UserId | null, track: TrackRow, changes: TrackTagChanges): boolean =>
  userId !== null && track.uploadedBy === userId && onlyUploaderTags(track, changes);

/**
 * Of the tracks a batch edit was refused for managing, those the caller uploaded and may fix
 * with these changes (in rooms where they may still add tracks).
 */
export async function ownFixableTracks(
  db: Database,
  viewer: RoomViewer,
  refused: readonly TrackRow[],
  changes: TrackTagChanges,
): Promise<TrackRow[]> {
  const own = refused.filter((track) => isOwnFix(viewer.userId, track, changes));
  const mayAdd = new Map<RoomId, boolean>();
  for (const roomId of new Set(own.map((track) => track.roomId))) {
    const allowed = await authorizeTracksOf(db, viewer, roomId, 'tracks.add').then(
      () => true,
      (error: unknown) => {
        if (error instanceof DomainError) return false;
        throw error;
      },
    );
    mayAdd.set(roomId, allowed);
  }
  return own.filter((track) => mayAdd.get(track.roomId));
}
