import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { TRACK_LIMITS, type RoomId, type TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { rooms, users } from '../../db/schema';
import { yandexImportItems } from '../../db/schema-imports';
import { tracks } from '../../db/schema-tracks';
import { sameTrackAs } from '../tracks/store';

/**
 * Every pair of ready tracks of one room that the upload duplicate rule takes for the same, in
 * one room or in all (null). Pairs, not groups: the service joins them.
 */
export async function duplicatePairs(
  db: Database,
  roomId: RoomId | null,
): Promise<[TrackId, TrackId][]> {
  const other = alias(tracks, 'other');
  const rows = await db
    .select({ a: tracks.id, b: other.id })
    .from(tracks)
    .innerJoin(
      other,
      and(
        eq(other.roomId, tracks.roomId),
        sql`${tracks.id} < ${other.id}`,
        eq(other.status, 'ready'),
        sameTrackAs(tracks, other, TRACK_LIMITS.duplicateDurationToleranceMs),
      ),
    )
    .where(and(eq(tracks.status, 'ready'), roomId ? eq(tracks.roomId, roomId) : undefined));
  return rows.map((row) => [row.a, row.b]);
}

/** The tracks as the duplicates page shows them, with their room and uploader, oldest first. */
export async function duplicateRows(db: Database, ids: readonly TrackId[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      track: tracks,
      roomName: rooms.name,
      uploaderName: users.name,
    })
    .from(tracks)
    .innerJoin(rooms, eq(rooms.id, tracks.roomId))
    .leftJoin(users, eq(users.id, tracks.uploadedBy))
    .where(inArray(tracks.id, [...ids]))
    .orderBy(asc(tracks.uploadedAt), asc(tracks.id));
}

/** Rooms that hold at least one ready track, by name. */
export async function roomsWithTracks(db: Database) {
  return db
    .selectDistinct({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .innerJoin(tracks, and(eq(tracks.roomId, rooms.id), eq(tracks.status, 'ready')))
    .orderBy(asc(rooms.name), asc(rooms.id));
}

/** Import items that named removed copies name the kept one instead. */
export async function pointImportItemsAt(
  db: Database,
  from: readonly TrackId[],
  to: TrackId,
): Promise<void> {
  if (from.length === 0) return;
  await db
    .update(yandexImportItems)
    .set({ trackId: to })
    .where(inArray(yandexImportItems.trackId, [...from]));
}
