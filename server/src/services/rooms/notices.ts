import type { AddedNotice, RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import type { RequestDeps } from '../deps';
import { requireSignedIn, type RoomViewer } from './access';
import { clearAddedNotice, selectAddedNotices } from './notices-store';

/**
 * The notice of being added to a room: set by rooms.addUser, shown live as a toast and on the
 * room's card in "my rooms", and kept until the person opens the room or dismisses it.
 */

/** rooms.getAddedNotices: a guest is added to nothing. */
export function addedNotices({ db }: RequestDeps, viewer: RoomViewer): Promise<AddedNotice[]> {
  if (!viewer.userId) return Promise.resolve([]);
  return selectAddedNotices(db, viewer.userId);
}

/** rooms.dismissAddedNotice: only one's own notice, so nothing else needs checking. */
export async function dismissAddedNotice(
  { db }: RequestDeps,
  viewer: RoomViewer,
  roomId: RoomId,
): Promise<{ dismissed: boolean }> {
  const userId = requireSignedIn(viewer);
  return { dismissed: await clearAddedNotice(db, roomId, userId) };
}

/** The person opened the room (joined its presence): the notice has been seen. */
export function roomOpened(db: Database, roomId: RoomId, userId: UserId): Promise<boolean> {
  return clearAddedNotice(db, roomId, userId);
}
