import { and, eq, gt } from 'drizzle-orm';
import type { RoomId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { trackRemovals } from '../../db/schema-removals';
import { isUuid } from '../../db/uuid';
import type { EntryRow } from './entry-store';
import type { PlaybackCopyRow } from './playback-store';
import type { TrackRow } from './store';
import type { StoredFiles } from './stored-files';

/**
 * One removed track as its rows were, to be put back by an undo: with its place in every
 * playlist it was in (a removal kept from before playlists shared tracks has none; the track
 * then comes back into the default playlist).
 */
export type RemovedTrack = {
  track: TrackRow;
  playbackCopy: PlaybackCopyRow | null;
  entries?: EntryRow[];
};

type RemovalRow = typeof trackRemovals.$inferSelect;
export type TrackRemoval = Omit<RemovalRow, 'tracks'> & { tracks: RemovedTrack[] };

/** A row read back from JSON: its times are Date objects again. */
function revived({ track, playbackCopy, entries }: RemovedTrack): RemovedTrack {
  return {
    entries: (entries ?? []).map((entry) => ({ ...entry, addedAt: new Date(entry.addedAt) })),
    track: {
      ...track,
      uploadedAt: new Date(track.uploadedAt),
      updatedAt: new Date(track.updatedAt),
    },
    playbackCopy: playbackCopy
      ? { ...playbackCopy, createdAt: new Date(playbackCopy.createdAt) }
      : null,
  };
}

const removalOf = (row: RemovalRow): TrackRemoval => ({
  ...row,
  tracks: (row.tracks as RemovedTrack[]).map(revived),
});

export async function insertRemoval(
  db: Database,
  values: { roomId: RoomId; removedBy: UserId | null; restoreUntil: Date; tracks: RemovedTrack[] },
): Promise<TrackRemoval> {
  const [row] = await db.insert(trackRemovals).values(values).returning();
  return removalOf(row!);
}

/** Takes a removal that may still be undone (its window is open), or null. */
export async function takeUndoableRemoval(
  db: Database,
  id: string,
  roomId: RoomId,
  now: Date,
): Promise<TrackRemoval | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .delete(trackRemovals)
    .where(
      and(
        eq(trackRemovals.id, id),
        eq(trackRemovals.roomId, roomId),
        gt(trackRemovals.restoreUntil, now),
      ),
    )
    .returning();
  return row ? removalOf(row) : null;
}

export async function findRemoval(db: Database, id: string): Promise<TrackRemoval | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(trackRemovals).where(eq(trackRemovals.id, id)).limit(1);
  return row ? removalOf(row) : null;
}

/** Takes a removal whatever its window (its files are being deleted for good), or null. */
export async function takeRemoval(db: Database, id: string): Promise<TrackRemoval | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.delete(trackRemovals).where(eq(trackRemovals.id, id)).returning();
  return row ? removalOf(row) : null;
}

/** The room a removal belongs to, or null when it is gone (restored, purged, its room removed). */
export async function roomOfRemoval(db: Database, id: string): Promise<RoomId | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ roomId: trackRemovals.roomId })
    .from(trackRemovals)
    .where(eq(trackRemovals.id, id))
    .limit(1);
  return row?.roomId ?? null;
}

/** The files kept for a room's removals (read before the room's rows go by cascade). */
export async function storedFilesOfRemovals(db: Database, roomId: RoomId): Promise<StoredFiles[]> {
  const rows = await db.select().from(trackRemovals).where(eq(trackRemovals.roomId, roomId));
  return rows.flatMap((row) => removalOf(row).tracks.map(filesOfRemoved));
}

export const filesOfRemoved = ({ track, playbackCopy }: RemovedTrack): StoredFiles => ({
  audioKey: track.audioKey,
  coverKey: track.coverKey,
  embeddedCoverKey: track.embeddedCoverKey,
  playbackKey: playbackCopy?.storageKey ?? null,
});
