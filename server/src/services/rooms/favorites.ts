import type { RoomAccessArgs, RoomId, UserId } from '@music-rooms/domain';
import { authorizeRoom, requireSignedIn, type RoomViewer } from './access';
import type { RequestDeps } from '../deps';
import { roomErrors } from './errors';
import { deleteFavorite, insertFavorite } from './store';

/**
 * Marks or unmarks a room as the caller's favourite (spec §4 Favourite). Only one's own
 * favourites, and only of a room one may view.
 */
export async function toggleFavorite(
  { db }: RequestDeps,
  viewer: RoomViewer,
  input: { roomId: RoomId; userId: UserId } & RoomAccessArgs,
): Promise<{ isFavorite: boolean }> {
  const userId = requireSignedIn(viewer);
  if (input.userId !== userId) throw roomErrors.forbidden();
  const { room } = await authorizeRoom(db, viewer, input.roomId, 'room.view', input);
  if (await deleteFavorite(db, room.id, userId)) return { isFavorite: false };
  await insertFavorite(db, room.id, userId);
  return { isFavorite: true };
}
