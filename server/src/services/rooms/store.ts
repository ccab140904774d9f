import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { roomUsers, rooms } from '../../db/schema';
import { isUuid } from '../users';

export type RoomRow = typeof rooms.$inferSelect;
export type RoomUserRow = typeof roomUsers.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;

/** Reading and writing the rooms table; the rules live in the services that call these. */

export async function findRoomById(db: Database, id: string): Promise<RoomRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
  return row ?? null;
}

/** The room with this URL, whatever its case. */
export async function findRoomByUrl(db: Database, roomUrl: string): Promise<RoomRow | null> {
  const [row] = await db
    .select()
    .from(rooms)
    .where(eq(sql`lower(${rooms.roomUrl})`, roomUrl.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Whether another room (not `excludeId`, the one being edited) already has this URL. */
export async function isRoomUrlTaken(
  db: Database,
  roomUrl: string,
  excludeId?: string | null,
): Promise<boolean> {
  const sameUrl = eq(sql`lower(${rooms.roomUrl})`, roomUrl.trim().toLowerCase());
  const where = excludeId && isUuid(excludeId) ? and(sameUrl, ne(rooms.id, excludeId)) : sameUrl;
  const [row] = await db.select({ id: rooms.id }).from(rooms).where(where).limit(1);
  return row !== undefined;
}

/** The room_users row of one user in one room, if any. */
export async function findRoomUser(
  db: Database,
  roomId: string,
  userId: string,
): Promise<RoomUserRow | null> {
  if (!isUuid(roomId) || !isUuid(userId)) return null;
  const [row] = await db
    .select()
    .from(roomUsers)
    .where(and(eq(roomUsers.roomId, roomId), eq(roomUsers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** PostgreSQL's unique_violation: two rooms raced for one URL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code;
  const causeCode = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}
