import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  TRACK_ERRORS,
  type RoomId,
  type TrackId,
  type UploadStatus,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { uploads } from '../../db/schema-tracks';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

/** Reading and writing upload records, one statement each. */

export async function insertUpload(db: Database, values: NewUpload): Promise<UploadRow> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row!;
}

export async function findUpload(db: Database, id: string): Promise<UploadRow | null> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row ?? null;
}

export async function updateUpload(
  db: Database,
  id: string,
  changes: Partial<NewUpload>,
  onlyFrom?: readonly UploadStatus[],
): Promise<UploadRow | null> {
  const where = onlyFrom
    ? and(eq(uploads.id, id), inArray(uploads.status, [...onlyFrom]))
    : eq(uploads.id, id);
  const [row] = await db
    .update(uploads)
    .set({ ...changes, updatedAt: new Date() })
    .where(where)
    .returning();
  return row ?? null;
}

/** The caller's uploads into a room from the last days, newest first. */
export async function listUserUploads(
  db: Database,
  userId: UserId,
  roomId: RoomId,
  since: Date,
): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.userId, userId),
        eq(uploads.roomId, roomId),
        eq(uploads.kind, 'audio'),
        sql`${uploads.createdAt} >= ${since}`,
      ),
    )
    .orderBy(desc(uploads.createdAt))
    .limit(500);
}

/**
 * Ends the unfinished uploads of tracks being deleted: nothing will come of them, and their
 * uploaders see why instead of "Processing" for ever.
 */
export async function endUploadsOfRemovedTracks(
  db: Database,
  trackIds: readonly TrackId[],
): Promise<void> {
  if (trackIds.length === 0) return;
  await db
    .update(uploads)
    .set({ status: 'cancelled', failure: TRACK_ERRORS.trackRemoved, updatedAt: new Date() })
    .where(
      and(
        inArray(uploads.trackId, [...trackIds]),
        inArray(uploads.status, ['uploading', 'processing', 'duplicate']),
      ),
    );
}

export async function uploadsOfTrack(db: Database, trackId: TrackId): Promise<UploadRow[]> {
  return db.select().from(uploads).where(eq(uploads.trackId, trackId));
}

/** Uploads left unfinished since before `before` (their bytes expire with them). */
export async function staleUploads(db: Database, before: Date): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, 'uploading'), lt(uploads.updatedAt, before)))
    .limit(200);
}

export type UploadsInProgress = { count: number; bytes: number };

/** Uploads still taking bytes (begun since `since`), by one person or into one room. */
export async function uploadsInProgress(
  db: Database,
  of: { userId: UserId } | { roomId: RoomId },
  since: Date,
): Promise<UploadsInProgress> {
  const owner = 'userId' in of ? eq(uploads.userId, of.userId) : eq(uploads.roomId, of.roomId);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      bytes: sql<number>`coalesce(sum(${uploads.sizeBytes}), 0)::bigint`,
    })
    .from(uploads)
    .where(and(owner, eq(uploads.status, 'uploading'), sql`${uploads.createdAt} >= ${since}`));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}
