import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomAccessTokens, roomFavorites, roomUsers, rooms, users } from '../../db/schema';
import { isUuid } from '../../db/uuid';
import type { UserRow } from '../accounts/users-store';

export type RoomRow = typeof rooms.$inferSelect;
export type RoomUserRow = typeof roomUsers.$inferSelect;
export type NewRoom = typeof rooms.$inferInsert;
export type AccessTokenRow = typeof roomAccessTokens.$inferSelect;

/**
 * Reading and writing rooms, their users, favourites and gate passes, one statement each; the
 * rules live in the services that call these. The room lists are in list-store.ts.
 */

// Rooms

export async function findRoomById(db: Database, id: RoomId): Promise<RoomRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(rooms).where(eq(rooms.id, id)).limit(1);
  return row ?? null;
}

const sameUrl = (roomUrl: string) => eq(sql`lower(${rooms.roomUrl})`, roomUrl.trim().toLowerCase());

/** The room with this URL, whatever its case. */
export async function findRoomByUrl(db: Database, roomUrl: string): Promise<RoomRow | null> {
  const [row] = await db.select().from(rooms).where(sameUrl(roomUrl)).limit(1);
  return row ?? null;
}

/** Whether another room (not `excludeId`, the one being edited) already has this URL. */
export async function isRoomUrlTaken(
  db: Database,
  roomUrl: string,
  excludeId?: RoomId | null,
): Promise<boolean> {
  const where =
    excludeId && isUuid(excludeId)
      ? and(sameUrl(roomUrl), ne(rooms.id, excludeId))
      : sameUrl(roomUrl);
  const [row] = await db.select({ id: rooms.id }).from(rooms).where(where).limit(1);
  return row !== undefined;
}

export async function insertRoom(db: Database, values: NewRoom): Promise<RoomRow> {
  const [row] = await db.insert(rooms).values(values).returning();
  return row!;
}

/** Stores the changes; null when the room is gone. */
export async function updateRoomRow(
  db: Database,
  id: RoomId,
  changes: Partial<NewRoom>,
): Promise<RoomRow | null> {
  const [row] = await db.update(rooms).set(changes).where(eq(rooms.id, id)).returning();
  return row ?? null;
}

/**
 * Locks the room's row until the transaction ends: a member added meanwhile waits (a new
 * room_users row must see its room), so what the transaction read of the room stays true.
 */
export async function lockRoom(tx: Database, id: RoomId): Promise<void> {
  await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, id)).for('update');
}

/** Deletes the room and, by cascade, its users, favourites and gate passes. */
export async function deleteRoomRow(db: Database, id: RoomId): Promise<void> {
  await db.delete(rooms).where(eq(rooms.id, id));
}

// Room users: members, requests and refusals

const roomUserKey = (roomId: RoomId, userId: UserId) =>
  and(eq(roomUsers.roomId, roomId), eq(roomUsers.userId, userId));

/** The room_users row of one user in one room, if any. */
export async function findRoomUser(
  db: Database,
  roomId: RoomId,
  userId: UserId,
): Promise<RoomUserRow | null> {
  if (!isUuid(roomId) || !isUuid(userId)) return null;
  const [row] = await db.select().from(roomUsers).where(roomUserKey(roomId, userId)).limit(1);
  return row ?? null;
}

/** Ids of the users with a row in the room (the owner has none). */
export async function roomUserIdsOf(db: Database, roomId: RoomId): Promise<UserId[]> {
  const rows = await db
    .select({ userId: roomUsers.userId })
    .from(roomUsers)
    .where(eq(roomUsers.roomId, roomId));
  return rows.map((row) => row.userId);
}

/** The role or access state of every user with a row in the room (the owner has none). */
export function listRoomRoles(
  db: Database,
  roomId: RoomId,
): Promise<Pick<RoomUserRow, 'userId' | 'role'>[]> {
  return db
    .select({ userId: roomUsers.userId, role: roomUsers.role })
    .from(roomUsers)
    .where(eq(roomUsers.roomId, roomId));
}

/** The role or access state of each of these users in the room (the owner has none). */
export async function findRoomRoles(
  db: Database,
  roomId: RoomId,
  userIds: readonly UserId[],
): Promise<Map<UserId, RoomUserRow['role']>> {
  const ids = userIds.filter(isUuid);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ userId: roomUsers.userId, role: roomUsers.role })
    .from(roomUsers)
    .where(and(eq(roomUsers.roomId, roomId), inArray(roomUsers.userId, ids)));
  return new Map(rows.map((row) => [row.userId, row.role]));
}

/** Every room_users row of the room with its account, in the order they joined or asked. */
export function listRoomUserAccounts(
  db: Database,
  roomId: RoomId,
): Promise<{ member: RoomUserRow; user: UserRow }[]> {
  return db
    .select({ member: roomUsers, user: users })
    .from(roomUsers)
    .innerJoin(users, eq(users.id, roomUsers.userId))
    .where(eq(roomUsers.roomId, roomId))
    .orderBy(asc(roomUsers.createdAt));
}

/** Gives the user this role in the room, replacing a request or refusal they had. */
export async function upsertRoomUser(
  db: Database,
  row: Pick<RoomUserRow, 'roomId' | 'userId' | 'role' | 'invitedBy' | 'addedNoticeAt'>,
): Promise<void> {
  await db
    .insert(roomUsers)
    .values(row)
    .onConflictDoUpdate({
      target: [roomUsers.roomId, roomUsers.userId],
      set: { role: row.role, invitedBy: row.invitedBy, addedNoticeAt: row.addedNoticeAt },
    });
}

export async function updateRoomUser(
  db: Database,
  roomId: RoomId,
  userId: UserId,
  changes: Partial<Pick<RoomUserRow, 'role' | 'invitedBy'>>,
): Promise<void> {
  await db.update(roomUsers).set(changes).where(roomUserKey(roomId, userId));
}

export async function deleteRoomUser(db: Database, roomId: RoomId, userId: UserId): Promise<void> {
  await db.delete(roomUsers).where(roomUserKey(roomId, userId));
}

/** Stores a request to join; false when the user already has a row in the room. */
export async function insertAccessRequest(
  db: Database,
  roomId: RoomId,
  userId: UserId,
): Promise<boolean> {
  const inserted = await db
    .insert(roomUsers)
    .values({ roomId, userId, role: 'requested' })
    .onConflictDoNothing()
    .returning({ role: roomUsers.role });
  return inserted.length > 0;
}

// Favourites

/** Unmarks the room as the user's favourite; false when it was not one. */
export async function deleteFavorite(
  db: Database,
  roomId: RoomId,
  userId: UserId,
): Promise<boolean> {
  const mine = and(eq(roomFavorites.roomId, roomId), eq(roomFavorites.userId, userId));
  const removed = await db.delete(roomFavorites).where(mine).returning();
  return removed.length > 0;
}

export async function insertFavorite(db: Database, roomId: RoomId, userId: UserId): Promise<void> {
  await db.insert(roomFavorites).values({ roomId, userId }).onConflictDoNothing();
}

// Gate passes (stored by the hash of their token)

export async function insertAccessToken(
  db: Database,
  row: { tokenHash: string; roomId: RoomId; sessionId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(roomAccessTokens).values(row);
}

export async function findAccessToken(
  db: Database,
  tokenHash: string,
): Promise<AccessTokenRow | null> {
  const [row] = await db
    .select()
    .from(roomAccessTokens)
    .where(eq(roomAccessTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function deleteAccessToken(db: Database, tokenHash: string): Promise<void> {
  await db.delete(roomAccessTokens).where(eq(roomAccessTokens.tokenHash, tokenHash));
}

/** Deletes every pass past its expiry at `now` (epoch ms); answers how many went. */
export async function deleteExpiredAccessTokens(db: Database, now: number): Promise<number> {
  const removed = await db
    .delete(roomAccessTokens)
    .where(lte(roomAccessTokens.expiresAt, new Date(now)))
    .returning({ tokenHash: roomAccessTokens.tokenHash });
  return removed.length;
}

/** Deletes every pass of the room. */
export async function deleteRoomAccessTokens(db: Database, roomId: RoomId): Promise<void> {
  await db.delete(roomAccessTokens).where(eq(roomAccessTokens.roomId, roomId));
}
