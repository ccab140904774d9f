import { and, asc, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PlaylistId, RoomId, RoomRole, TrackId, TrackSort, UserId } from '@music-rooms/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db';
import { roomUsers, rooms, users } from '../../db/schema';
import { trackPlaybackCopies } from '../../db/schema-playback';
import { playlistEntries, tracks } from '../../db/schema-tracks';
import { likeContaining } from '../../db/like';
import { isUuid } from '../../db/uuid';
import { ENTRY_ORDER } from './entry-store';

export type TrackRow = typeof tracks.$inferSelect;
export type NewTrack = typeof tracks.$inferInsert;
export type TrackWithUploader = TrackRow & {
  uploaderName: string | null;
  uploaderUsername: string | null;
  /** The playlists of its room the track is in. */
  playlistIds: PlaylistId[];
};

/**
 * Reading and writing tracks, one statement each; the rules live in the services. Playlists,
 * uploads and jobs have stores of their own beside this one.
 */

const uploaderColumns = {
  uploaderName: users.name,
  uploaderUsername: users.username,
  // Column names are written out: inside a subquery drizzle leaves them unqualified.
  playlistIds: sql<
    PlaylistId[]
  >`array(select e.playlist_id from playlist_entries e where e.track_id = tracks.id order by e.added_at, e.playlist_id)`,
};

/** The sorts other than the manual one, which is a playlist's own (its entries' order). */
const ORDER: Record<Exclude<TrackSort, 'manual'>, SQL[]> = {
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

/**
 * A room's tracks, or a playlist's. The query always joins one playlist's entries, for its
 * manual order: the playlist's, or for the whole room its default playlist's (tracks in no
 * entry of it come after, by upload time). A track has one entry per playlist at most, so the
 * join never repeats a track.
 */
function scopedTracks(scope: TrackScope): { join: SQL; where: SQL } {
  const room = eq(tracks.roomId, scope.roomId);
  const ofTrack = eq(playlistEntries.trackId, tracks.id);
  if (!scope.playlistId) {
    const main = sql`(select p.id from playlists p where p.room_id = ${scope.roomId} and p.is_default)`;
    return { join: and(ofTrack, sql`${playlistEntries.playlistId} = ${main}`)!, where: room };
  }
  const join = and(ofTrack, eq(playlistEntries.playlistId, scope.playlistId))!;
  return { join, where: and(room, isNotNull(playlistEntries.trackId))! };
}

/** The manual order is a playlist's own (its entries'); the others sort the tracks' fields. */
const orderOf = (sort: TrackSort): SQL[] =>
  sort === 'manual' ? [...ENTRY_ORDER, asc(tracks.uploadedAt)] : ORDER[sort];

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
  const { join, where } = scopedTracks(scope);
  const rows = await db
    .select({ track: tracks, ...uploaderColumns })
    .from(tracks)
    .leftJoin(playlistEntries, join)
    .leftJoin(users, eq(users.id, tracks.uploadedBy))
    .where(and(where, SHOWN, searchWhere(options.search)))
    .orderBy(...orderOf(options.sort), asc(tracks.id));
  return rows.map(({ track, ...uploader }) => ({ ...track, ...uploader }));
}

export async function trackStats(db: Database, scope: TrackScope) {
  const { join, where } = scopedTracks(scope);
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      totalDurationMs: sql<number>`coalesce(sum(${tracks.durationMs}), 0)::bigint`,
      totalSizeBytes: sql<number>`coalesce(sum(${tracks.sizeBytes}), 0)::bigint`,
    })
    .from(tracks)
    .leftJoin(playlistEntries, join)
    .where(and(where, SHOWN));
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
  if (!row) return null;
  const { track, ...uploader } = row;
  return { ...track, ...uploader };
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
