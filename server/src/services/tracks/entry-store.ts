import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PlaylistId, TrackId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { playlistEntries } from '../../db/schema-tracks';

export type EntryRow = typeof playlistEntries.$inferSelect;

/**
 * Reading and writing playlist entries (which playlists a track is in, and where), one
 * statement each; the rules live in `playlist-entries.ts`.
 */

/** A playlist's manual order; ties (as the migration left them) fall by when they were added. */
export const ENTRY_ORDER: SQL[] = [
  asc(playlistEntries.position),
  asc(playlistEntries.addedAt),
  asc(playlistEntries.trackId),
];

/** The position after the last entry of a playlist (additions go to its end). */
export async function nextPosition(db: Database, playlistId: PlaylistId): Promise<number> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${playlistEntries.position})` })
    .from(playlistEntries)
    .where(eq(playlistEntries.playlistId, playlistId));
  return Number(row?.max ?? 0) + 1;
}

/** Puts a track in a playlist: at `position`, else at its end. */
export async function addEntry(
  db: Database,
  entry: { playlistId: PlaylistId; trackId: TrackId; addedBy: UserId | null; position?: number },
): Promise<void> {
  const position = entry.position ?? (await nextPosition(db, entry.playlistId));
  await db.insert(playlistEntries).values({ ...entry, position });
}

/** Puts tracks at the end of a playlist in the order given, in one statement. */
export async function appendEntries(
  db: Database,
  playlistId: PlaylistId,
  trackIds: readonly TrackId[],
  addedBy: UserId | null,
): Promise<void> {
  if (trackIds.length === 0) return;
  const start = await nextPosition(db, playlistId);
  await db
    .insert(playlistEntries)
    .values(trackIds.map((trackId, i) => ({ playlistId, trackId, addedBy, position: start + i })));
}

/** Entries as they were (an undo puts them back with their places). */
export async function insertEntryRows(db: Database, rows: readonly EntryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(playlistEntries).values([...rows]);
}

/** Ids of a playlist's tracks in its manual order. */
export async function playlistTrackIds(db: Database, playlistId: PlaylistId): Promise<TrackId[]> {
  const rows = await db
    .select({ id: playlistEntries.trackId })
    .from(playlistEntries)
    .where(eq(playlistEntries.playlistId, playlistId))
    .orderBy(...ENTRY_ORDER);
  return rows.map((row) => row.id);
}

/** These tracks' entries in one playlist. */
const entriesOf = (playlistId: PlaylistId, trackIds: readonly TrackId[]) =>
  and(eq(playlistEntries.playlistId, playlistId), inArray(playlistEntries.trackId, [...trackIds]));

/** Which of these tracks a playlist already holds. */
export async function tracksInPlaylist(
  db: Database,
  playlistId: PlaylistId,
  trackIds: readonly TrackId[],
): Promise<TrackId[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .select({ id: playlistEntries.trackId })
    .from(playlistEntries)
    .where(entriesOf(playlistId, trackIds));
  return rows.map((row) => row.id);
}

/** Every entry of these tracks, in whichever playlist. */
export async function entriesOfTracks(
  db: Database,
  trackIds: readonly TrackId[],
): Promise<EntryRow[]> {
  if (trackIds.length === 0) return [];
  return db
    .select()
    .from(playlistEntries)
    .where(inArray(playlistEntries.trackId, [...trackIds]));
}

/** Takes tracks out of one playlist; answers the ids that were in it. */
export async function deleteEntries(
  db: Database,
  playlistId: PlaylistId,
  trackIds: readonly TrackId[],
): Promise<TrackId[]> {
  if (trackIds.length === 0) return [];
  const rows = await db
    .delete(playlistEntries)
    .where(entriesOf(playlistId, trackIds))
    .returning({ id: playlistEntries.trackId });
  return rows.map((row) => row.id);
}

/** Of these tracks, the ones in no playlist at all, in the order given. */
export async function tracksInNoPlaylist(
  db: Database,
  trackIds: readonly TrackId[],
): Promise<TrackId[]> {
  if (trackIds.length === 0) return [];
  const held = await entriesOfTracks(db, trackIds);
  const inSome = new Set(held.map((entry) => entry.trackId));
  return trackIds.filter((id) => !inSome.has(id));
}

/** Gives a playlist's tracks the positions 1…n in the order given, in one statement. */
export async function setPositions(
  db: Database,
  playlistId: PlaylistId,
  ids: readonly TrackId[],
): Promise<void> {
  if (ids.length === 0) return;
  const order = JSON.stringify(ids);
  await db.execute(sql`
    update ${playlistEntries} set position = ordered.ordinality
    from jsonb_array_elements_text(${order}::jsonb) with ordinality as ordered(id, ordinality)
    where ${playlistEntries.playlistId} = ${playlistId}
      and ${playlistEntries.trackId} = ordered.id::uuid`);
}

/**
 * Before copies of a track go (duplicates resolved into one), the track kept takes their places
 * in the playlists it is not in yet (the first place where several copies share a playlist), so
 * no playlist loses the song.
 */
export async function takeOverEntries(
  db: Database,
  keptId: TrackId,
  fromIds: readonly TrackId[],
): Promise<void> {
  if (fromIds.length === 0) return;
  await db.execute(sql`
    insert into ${playlistEntries} (playlist_id, track_id, position, added_by, added_at)
    select distinct on (e.playlist_id) e.playlist_id, ${keptId}::uuid, e.position, e.added_by,
      e.added_at
    from ${playlistEntries} e
    where e.track_id in (${sql.join(
      fromIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by e.playlist_id, e.position
    on conflict do nothing`);
}
