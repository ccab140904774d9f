import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PlaylistId, RoomId, RoomRole, TrackId, TrackSort, UserId } from '@music-rooms/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';
import { roomUsers, rooms, users } from '../../db/schema';
import { trackPlaybackCopies } from '../../db/schema-playback';
import { tracks } from '../../db/schema-tracks';
import { likeContaining } from '../../db/like';
import { isUuid } from '../../db/uuid';

export type TrackRow = typeof tracks.$inferSelect;
export type NewTrack = typeof tracks.$inferInsert;
export type TrackWithUploader = TrackRow & {
  uploaderName: string | null;
  uploaderUsername: string | null;
};

/**
 * Reading and writing tracks, one statement each; the rules live in the services. Playlists,
 * uploads and jobs have stores of their own beside this one.
 */

const uploaderColumns = { uploaderName: users.name, uploaderUsername: users.username };

const ORDER: Record<TrackSort, SQL[]> = {
  manual: [asc(tracks.position), asc(tracks.uploadedAt)],
  newest: [desc(tracks.uploadedAt)],
  oldest: [asc(tracks.uploadedAt)],
  alphabetical: [asc(sql`lower(${tracks.title})`)],
  reverseAlphabetical: [desc(sql`lower(${tracks.title})`)],
  largest: [desc(tracks.sizeBytes)],
  smallest: [asc(tracks.sizeBytes)],
  longest: [desc(tracks.durationMs)],
  shortest: [asc(tracks.durationMs)],
  releaseDate: [sql`${tracks.year} desc nulls last`],
};

export type TrackScope = { roomId: RoomId; playlistId?: PlaylistId | undefined };

function scopeWhere(scope: TrackScope): SQL {
  const room = eq(tracks.roomId, scope.roomId);
  return scope.playlistId ? and(room, eq(tracks.playlistId, scope.playlistId))! : room;
}

/**
 * The room's shared list holds tracks that are ready or being processed. A failed upload or
 * import belongs to its owner's upload or import panel (where it is retried or removed), not
 * to everyone's playlist nor its count.
 */
const SHOWN = sql`${tracks.status} <> 'failed'`;

function searchWhere(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likeContaining(search);
  return or(
    ilike(tracks.title, pattern),
    ilike(tracks.artist, pattern),
    ilike(tracks.album, pattern),
  );
}

export async function listTrackRows(
  db: Database,
  scope: TrackScope,
  options: { search?: string | undefined; sort: TrackSort },
): Promise<TrackWithUploader[]> {
  const rows = await db
    .select({ track: tracks, ...uploaderColumns })
    .from(tracks)
    .leftJoin(users, eq(users.id, tracks.uploadedBy))
    .where(and(scopeWhere(scope), SHOWN, searchWhere(options.search)))
    .orderBy(...ORDER[options.sort], asc(tracks.id));
  return rows.map(({ track, ...uploader }) => ({ ...track, ...uploader }));
}

export async function trackStats(db: Database, scope: TrackScope) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalDurationMs: sql<number>`coalesce(sum(${tracks.durationMs}), 0)::bigint`,
      totalSizeBytes: sql<number>`coalesce(sum(${tracks.sizeBytes}), 0)::bigint`,
    })
    .from(tracks)
    .where(and(scopeWhere(scope), SHOWN));
  return {
    count: Number(row?.count ?? 0),
    totalDurationMs: Number(row?.totalDurationMs ?? 0),
    totalSizeBytes: Number(row?.totalSizeBytes ?? 0),
  };
}

export async function findTrack(db: Database, id: TrackId): Promise<TrackWithUploader | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ track: tracks, ...uploaderColumns })
    .from(tracks)
    .leftJoin(users, eq(users.id, tracks.uploadedBy))
    .where(eq(tracks.id, id))
    .limit(1);
  return row
    ? { ...row.track, uploaderName: row.uploaderName, uploaderUsername: row.uploaderUsername }
    : null;
}

export async function findTracks(db: Database, ids: readonly TrackId[]): Promise<TrackRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(tracks).where(inArray(tracks.id, valid));
}

export async function insertTrack(db: Database, values: NewTrack): Promise<TrackRow> {
  const [row] = await db.insert(tracks).values(values).returning();
  return row!;
}

export async function updateTrackRow(
  db: Database,
  id: TrackId,
  changes: Partial<NewTrack>,
): Promise<TrackRow | null> {
  const [row] = await db
    .update(tracks)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tracks.id, id))
    .returning();
  return row ?? null;
}

export async function deleteTrackRows(db: Database, ids: readonly TrackId[]): Promise<TrackRow[]> {
  if (ids.length === 0) return [];
  return db
    .delete(tracks)
    .where(inArray(tracks.id, [...ids]))
    .returning();
}

/** The stored files of every track of a room (read before the room's rows go by cascade). */
export async function storedFilesOfRoom(db: Database, roomId: RoomId) {
  return db
    .select({
      audioKey: tracks.audioKey,
      coverKey: tracks.coverKey,
      embeddedCoverKey: tracks.embeddedCoverKey,
      playbackKey: trackPlaybackCopies.storageKey,
    })
    .from(tracks)
    .leftJoin(trackPlaybackCopies, eq(trackPlaybackCopies.trackId, tracks.id))
    .where(eq(tracks.roomId, roomId));
}

/** The position after the last track of a playlist (new tracks go to its end). */
export async function nextPosition(db: Database, playlistId: PlaylistId): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${tracks.position})` })
    .from(tracks)
    .where(eq(tracks.playlistId, playlistId));
  return Number(row?.max ?? 0) + 1;
}

/** Ids of a playlist's tracks in their manual order. */
export async function playlistTrackIds(db: Database, playlistId: PlaylistId): Promise<TrackId[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.playlistId, playlistId))
    .orderBy(asc(tracks.position), asc(tracks.uploadedAt), asc(tracks.id));
  return rows.map((row) => row.id);
}

/** Gives the tracks the positions 1…n in the order given, in one statement. */
export async function setPositions(db: Database, ids: readonly TrackId[]): Promise<void> {
  if (ids.length === 0) return;
  const order = JSON.stringify(ids);
  await db.execute(sql`
    update ${tracks} set position = ordered.ordinality
    from jsonb_array_elements_text(${order}::jsonb) with ordinality as ordered(id, ordinality)
    where ${tracks.id} = ordered.id::uuid`);
}

/** What the duplicate rule compares: another row's columns, or the values of a new track. */
type DuplicateFacts = {
  contentHash: AnyPgColumn | string | null;
  artist: AnyPgColumn | string | null;
  title: AnyPgColumn | string;
  durationMs: AnyPgColumn | number;
};

/** The columns of `tracks` (or of an alias of it) the rule reads. */
type DuplicateColumns = Pick<typeof tracks, 'contentHash' | 'artist' | 'title' | 'durationMs'>;

/**
 * The duplicate rule of uploads (the duplicates chooser) and of the duplicates page, as a
 * condition on a track: the same bytes, or the same artist and title (ignoring case) with
 * durations within `toleranceMs`. A track without an artist matches on its bytes only.
 */
export function sameTrackAs(
  track: DuplicateColumns,
  other: DuplicateFacts,
  toleranceMs: number,
): SQL {
  const sameTags =
    other.artist === null
      ? undefined
      : and(
          sql`lower(${track.artist}) = lower(${other.artist})`,
          sql`lower(${track.title}) = lower(${other.title})`,
          sql`abs(${track.durationMs} - ${other.durationMs}) <= ${toleranceMs}`,
        );
  const sameBytes =
    other.contentHash === null ? undefined : sql`${track.contentHash} = ${other.contentHash}`;
  return or(sameBytes, sameTags) ?? sql`false`;
}

/** A track of the room with the same bytes, or the same artist and title and a close duration. */
export async function findDuplicateTrack(
  db: Database,
  params: {
    roomId: RoomId;
    excludeId: TrackId;
    contentHash: string;
    artist: string | null;
    title: string;
    durationMs: number;
    toleranceMs: number;
  },
): Promise<TrackRow | null> {
  const [row] = await db
    .select()
    .from(tracks)
    .where(
      and(
        eq(tracks.roomId, params.roomId),
        sql`${tracks.id} <> ${params.excludeId}`,
        eq(tracks.status, 'ready'),
        sameTrackAs(tracks, params, params.toleranceMs),
      ),
    )
    .orderBy(asc(tracks.uploadedAt))
    .limit(1);
  return row ?? null;
}

/** Ready tracks of zero duration (the maintenance action): of these rooms, or of all (null). */
export async function zeroDurationTracks(
  db: Database,
  roomIds: readonly RoomId[] | null,
): Promise<TrackRow[]> {
  if (roomIds?.length === 0) return [];
  const rooms = roomIds ? inArray(tracks.roomId, [...roomIds]) : undefined;
  return db
    .select()
    .from(tracks)
    .where(and(eq(tracks.durationMs, 0), eq(tracks.status, 'ready'), rooms));
}

/** Rooms where the user holds one of these roles (owning a room counts as 'owner'). */
export async function roomIdsWhereRole(
  db: Database,
  userId: UserId,
  roles: readonly RoomRole[],
): Promise<RoomId[]> {
  const owned = roles.includes('owner')
    ? await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.ownerId, userId))
    : [];
  const memberRoles = roles.filter((role) => role !== 'owner');
  const member = memberRoles.length
    ? await db
        .select({ id: roomUsers.roomId })
        .from(roomUsers)
        .where(and(eq(roomUsers.userId, userId), inArray(roomUsers.role, memberRoles)))
    : [];
  return [...new Set([...owned, ...member].map((row) => row.id))];
}

/** The bytes a room's tracks hold in storage (failed tracks hold none). */
export async function roomTrackBytes(db: Database, roomId: RoomId): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${tracks.sizeBytes}), 0)::bigint` })
    .from(tracks)
    .where(and(eq(tracks.roomId, roomId), sql`${tracks.status} <> 'failed'`));
  return Number(row?.bytes ?? 0);
}
