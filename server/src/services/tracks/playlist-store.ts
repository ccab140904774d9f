import { and, asc, eq, sql } from 'drizzle-orm';
import type { PlaylistId, RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { playlists } from '../../db/schema-tracks';
import { isUuid } from '../../db/uuid';

export type PlaylistRow = typeof playlists.$inferSelect;

/** Reading and writing playlists, one statement each. */

export async function findPlaylist(db: Database, id: PlaylistId): Promise<PlaylistRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id)).limit(1);
  return row ?? null;
}

/**
 * The room's default playlist, made on first need: rooms created before playlists existed get
 * theirs too. The partial unique index keeps it one per room, whichever node makes it.
 */
export async function defaultPlaylist(
  db: Database,
  roomId: RoomId,
  name: string,
): Promise<PlaylistRow> {
  await db
    .insert(playlists)
    .values({ roomId, name, isDefault: true })
    .onConflictDoNothing({ target: playlists.roomId, where: sql`${playlists.isDefault}` });
  const [row] = await db
    .select()
    .from(playlists)
    .where(and(eq(playlists.roomId, roomId), eq(playlists.isDefault, true)))
    .limit(1);
  return row!;
}

export async function listPlaylistRows(db: Database, roomId: RoomId) {
  return db
    .select({
      playlist: playlists,
      // Column names are written out: inside a subquery drizzle leaves them unqualified.
      trackCount: sql<number>`(select count(*)::int from playlist_entries e where e.playlist_id = playlists.id)`,
    })
    .from(playlists)
    .where(eq(playlists.roomId, roomId))
    .orderBy(sql`${playlists.isDefault} desc`, asc(playlists.createdAt), asc(playlists.id));
}

export async function insertPlaylist(
  db: Database,
  values: { roomId: RoomId; name: string; createdBy: UserId },
): Promise<PlaylistRow> {
  const [row] = await db.insert(playlists).values(values).returning();
  return row!;
}

export async function renamePlaylistRow(
  db: Database,
  id: PlaylistId,
  name: string,
): Promise<PlaylistRow | null> {
  const [row] = await db.update(playlists).set({ name }).where(eq(playlists.id, id)).returning();
  return row ?? null;
}

export async function deletePlaylistRow(db: Database, id: PlaylistId): Promise<void> {
  await db.delete(playlists).where(and(eq(playlists.id, id), eq(playlists.isDefault, false)));
}
