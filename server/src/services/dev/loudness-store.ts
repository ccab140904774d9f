import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { trackOrRoomNamed } from '../../db/like';
import { rooms } from '../../db/schema';
import { tracks } from '../../db/schema-tracks';

const ready = and(eq(tracks.status, 'ready'), isNotNull(tracks.audioKey));

/** Ready tracks of every room that a search names (title, artist or room), unmeasured first. */
export async function loudnessRows(db: Database, search: string, limit: number) {
  return db
    .select({
      id: tracks.id,
      title: tracks.title,
      artist: tracks.artist,
      durationMs: tracks.durationMs,
      loudnessLufs: tracks.loudnessLufs,
      truePeakDb: tracks.truePeakDb,
      roomId: tracks.roomId,
      roomName: rooms.name,
    })
    .from(tracks)
    .innerJoin(rooms, eq(rooms.id, tracks.roomId))
    .where(and(ready, trackOrRoomNamed(search)))
    .orderBy(
      sql`${tracks.truePeakDb} is not null`,
      asc(sql`lower(${tracks.title})`),
      asc(tracks.id),
    )
    .limit(limit);
}

/** The ready tracks with audio among these, or all of them (null). */
export async function measurableTrackIds(
  db: Database,
  ids: readonly TrackId[] | null,
): Promise<TrackId[]> {
  const rows = await db
    .select({ id: tracks.id })
    .from(tracks)
    .where(and(ready, ids ? inArray(tracks.id, [...ids]) : undefined));
  return rows.map((row) => row.id);
}

/** Writes a measurement while the track still has the audio measured; answers its room. */
export async function saveLoudness(
  db: Database,
  track: { id: TrackId; audioKey: string },
  measured: { loudnessLufs: number | null; truePeakDb: number | null },
) {
  const [row] = await db
    .update(tracks)
    .set(measured)
    .where(and(eq(tracks.id, track.id), eq(tracks.audioKey, track.audioKey)))
    .returning({ roomId: tracks.roomId });
  return row ?? null;
}
