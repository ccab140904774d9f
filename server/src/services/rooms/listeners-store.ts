import { inArray } from 'drizzle-orm';
import type { PublicUser, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { users } from '../../db/schema';

/** The names and pictures of these users, by id, in one query. */
export async function findPublicUsers(
  db: Database,
  userIds: readonly UserId[],
): Promise<Map<UserId, PublicUser>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ _id: users.id, name: users.name, username: users.username, avatar: users.avatar })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row._id, row]));
}
