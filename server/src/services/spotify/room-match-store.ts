import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { RoomId, SpotifyMatchRoom, SpotifyRoomMatchItem, TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { rooms } from '../../db/schema';
import { spotifyRoomMatches } from '../../db/schema-spotify';
import { tracks } from '../../db/schema-tracks';

export type NewRoomMatch = typeof spotifyRoomMatches.$inferInsert;

/** Rooms with ready tracks, how many and how many have a Spotify id, by name. */
export async function matchRooms(db: Database): Promise<SpotifyMatchRoom[]> {
  const rows = await db
    .select({
      id: rooms.id,
      name: rooms.name,
      tracks: sql<number>`count(*)::int`,
      matched: sql<number>`count(${tracks.spotifyId})::int`,
    })
    .from(rooms)
    .innerJoin(tracks, and(eq(tracks.roomId, rooms.id), eq(tracks.status, 'ready')))
    .groupBy(rooms.id, rooms.name)
    .orderBy(asc(rooms.name), asc(rooms.id));
  return rows.map((row) => ({ ...row, tracks: Number(row.tracks), matched: Number(row.matched) }));
}

/** The ready tracks of a room that have no Spotify id yet. */
export async function unmatchedTrackIds(db: Database, roomId: RoomId): Promise<TrackId[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(eq(tracks.roomId, roomId), eq(tracks.status, 'ready'), isNull(tracks.spotifyId)))
    .orderBy(asc(tracks.uploadedAt), asc(tracks.id));
  return rows.map((row) => row.id);
}

export async function forgetRoomMatches(db: Database, roomId: RoomId): Promise<void> {
  await db.delete(spotifyRoomMatches).where(eq(spotifyRoomMatches.roomId, roomId));
}

/** Records what a track's match came to (a run that repeats writes the same row again). */
export async function saveRoomMatch(db: Database, row: NewRoomMatch): Promise<void> {
  const { trackId: _trackId, ...changes } = row;
  await db
    .insert(spotifyRoomMatches)
    .values(row)
    .onConflictDoUpdate({
      target: spotifyRoomMatches.trackId,
      set: { ...changes, checkedAt: sql`now()` },
    });
}

/** The outcomes of a room's last run: unmatched first, then by title. */
export async function roomMatchItems(
  db: Database,
  roomId: RoomId,
): Promise<SpotifyRoomMatchItem[]> {
  return db
    .select({
      trackId: spotifyRoomMatches.trackId,
      title: tracks.title,
      artist: tracks.artist,
      matched: spotifyRoomMatches.matched,
      reason: spotifyRoomMatches.reason,
      confidence: spotifyRoomMatches.confidence,
      spotifyId: spotifyRoomMatches.spotifyId,
      error: spotifyRoomMatches.error,
    })
    .from(spotifyRoomMatches)
    .innerJoin(tracks, eq(tracks.id, spotifyRoomMatches.trackId))
    .where(eq(spotifyRoomMatches.roomId, roomId))
    .orderBy(asc(spotifyRoomMatches.matched), asc(sql`lower(${tracks.title})`), asc(tracks.id));
}
