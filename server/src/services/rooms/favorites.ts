import { and, eq } from 'drizzle-orm';
import type { RoomAccessArgs } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomFavorites } from '../../db/schema';
import { authorizeRoom, requireSignedIn, type RoomViewer } from './access';
import { roomErrors } from './errors';

/**
 * Marks or unmarks a room as the caller's favourite (spec §4 Favourite). Only one's own
 * favourites, and only of a room one may view.
 */
export async function toggleFavorite(
  db: Database,
  viewer: RoomViewer,
  input: { roomId: string; userId: string } & RoomAccessArgs,
): Promise<{ isFavorite: boolean }> {
  const userId = requireSignedIn(viewer);
  if (input.userId !== userId) throw roomErrors.forbidden();
  const { room } = await authorizeRoom(db, viewer, input.roomId, 'room.view', input);
  const mine = and(eq(roomFavorites.roomId, room.id), eq(roomFavorites.userId, userId));
  const removed = await db.delete(roomFavorites).where(mine).returning();
  if (removed.length > 0) return { isFavorite: false };
  await db.insert(roomFavorites).values({ roomId: room.id, userId }).onConflictDoNothing();
  return { isFavorite: true };
}
