import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { ASSIGNABLE_ROLES, type AddedNotice, type RoomId, type UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomUsers, rooms, users } from '../../db/schema';
import { isUuid } from '../../db/uuid';

/** Reading and clearing the notices of being added to a room (room_users.added_notice_at). */

/** More than anyone reads at once; the oldest wait until newer ones are seen. */
const NOTICES_MAX = 50;

/** The rooms the user was added to and has not opened since, newest first. */
export async function selectAddedNotices(db: Database, userId: UserId): Promise<AddedNotice[]> {
  const rows = await db
    .select({
      roomId: rooms.id,
      roomName: rooms.name,
      roomUrl: rooms.roomUrl,
      role: roomUsers.role,
      addedAt: roomUsers.addedNoticeAt,
      adderId: users.id,
      adderName: users.name,
      adderUsername: users.username,
      adderAvatar: users.avatar,
    })
    .from(roomUsers)
    .innerJoin(rooms, eq(rooms.id, roomUsers.roomId))
    .leftJoin(users, eq(users.id, roomUsers.invitedBy))
    .where(
      and(
        eq(roomUsers.userId, userId),
        isNotNull(roomUsers.addedNoticeAt),
        // A notice stands for a role: someone whose role was taken away has nothing to see.
        inArray(roomUsers.role, [...ASSIGNABLE_ROLES]),
      ),
    )
    .orderBy(desc(roomUsers.addedNoticeAt))
    .limit(NOTICES_MAX);
  return rows.map((row) => ({
    roomId: row.roomId,
    roomName: row.roomName,
    room_url: row.roomUrl,
    role: row.role as AddedNotice['role'],
    addedBy: row.adderId
      ? {
          _id: row.adderId,
          name: row.adderName ?? '',
          username: row.adderUsername ?? '',
          avatar: row.adderAvatar ?? '',
        }
      : null,
    addedAt: row.addedAt?.getTime() ?? 0,
  }));
}

/** Clears the user's notice of the room; answers whether there was one. */
export async function clearAddedNotice(
  db: Database,
  roomId: RoomId,
  userId: UserId,
): Promise<boolean> {
  if (!isUuid(roomId)) return false;
  const cleared = await db
    .update(roomUsers)
    .set({ addedNoticeAt: null })
    .where(
      and(
        eq(roomUsers.roomId, roomId),
        eq(roomUsers.userId, userId),
        isNotNull(roomUsers.addedNoticeAt),
      ),
    )
    .returning({ roomId: roomUsers.roomId });
  return cleared.length > 0;
}
