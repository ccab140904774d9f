import { asc, eq } from 'drizzle-orm';
import type { UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomFavorites, roomUsers, rooms } from '../../db/schema';

/** The reads of the data export (export.ts) that span the room tables, for one user. */

/** What the export names a room by, where it is not the user's own. */
const roomLink = { id: rooms.id, name: rooms.name, roomUrl: rooms.roomUrl };

/** The rooms the user owns, oldest first. */
export function listOwnedRooms(db: Database, userId: UserId) {
  return db
    .select()
    .from(rooms)
    .where(eq(rooms.ownerId, userId))
    .orderBy(asc(rooms.createdAt), asc(rooms.id));
}

/** The user's role (or request) in other people's rooms, in the order they joined or asked. */
export function listMemberships(db: Database, userId: UserId) {
  return db
    .select({ room: roomLink, role: roomUsers.role, since: roomUsers.createdAt })
    .from(roomUsers)
    .innerJoin(rooms, eq(rooms.id, roomUsers.roomId))
    .where(eq(roomUsers.userId, userId))
    .orderBy(asc(roomUsers.createdAt), asc(rooms.id));
}

/** The user's favourite rooms, in the order they were marked. */
export function listFavoriteRooms(db: Database, userId: UserId) {
  return db
    .select({ room: roomLink, addedAt: roomFavorites.createdAt })
    .from(roomFavorites)
    .innerJoin(rooms, eq(rooms.id, roomFavorites.roomId))
    .where(eq(roomFavorites.userId, userId))
    .orderBy(asc(roomFavorites.createdAt), asc(rooms.id));
}
