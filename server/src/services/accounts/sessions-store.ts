import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { sessions, users } from '../../db/schema';
import type { UserRow } from './users-store';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSessionRow = typeof sessions.$inferInsert;

/** Reading and writing signed-in sessions, found by the hash of their cookie's token. */

export async function insertSession(db: Database, values: NewSessionRow): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  return row!;
}

/** The session behind a token hash and its user, unless it expired by `now`. */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return found ?? null;
}

/** Whose a session is and until when, by its row id (what a realtime token names). */
export async function findSessionLifetime(
  db: Database,
  id: string,
): Promise<{ userId: UserId; expiresAt: Date } | null> {
  const [found] = await db
    .select({ userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, id))
    .limit(1);
  return found ?? null;
}

export async function setSessionExpiry(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Deletes the session behind a token hash; answers the ids of the rows deleted. */
export async function deleteSessionByTokenHash(db: Database, tokenHash: string): Promise<string[]> {
  const deleted = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

/** Deletes every session of the user, except (optionally) one; answers the ids deleted. */
export async function deleteUserSessions(
  db: Database,
  userId: UserId,
  keepSessionId?: string,
): Promise<string[]> {
  const mine = eq(sessions.userId, userId);
  const deleted = await db
    .delete(sessions)
    .where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine)
    .returning({ id: sessions.id });
  return deleted.map((row) => row.id);
}

/** The user's sessions, oldest first. */
export function listUserSessions(db: Database, userId: UserId): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}
