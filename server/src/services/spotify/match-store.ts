import { and, asc, eq, sql } from 'drizzle-orm';
import type { SpotifyTrackToMatch } from '@music-rooms/domain';
import type { Database } from '../../db';
import { trackOrRoomNamed } from '../../db/like';
import { rooms } from '../../db/schema';
import { tracks } from '../../db/schema-tracks';

/**
 * Ready tracks of every room that a search names (title, artist or room), those without a
 * Spotify id first: what a super administrator picks from to match.
 */
export async function tracksToMatch(
  db: Database,
  search: string,
  limit: number,
): Promise<SpotifyTrackToMatch[]> {
  return db
    .select({
      id: tracks.id,
      title: tracks.title,
      artist: tracks.artist,
      durationMs: tracks.durationMs,
      isrc: tracks.isrc,
      spotifyId: tracks.spotifyId,
      roomId: tracks.roomId,
      roomName: rooms.name,
    })
    .from(tracks)
    .innerJoin(rooms, eq(rooms.id, tracks.roomId))
    .where(and(eq(tracks.status, 'ready'), trackOrRoomNamed(search)))
    .orderBy(sql`${tracks.spotifyId} is not null`, asc(sql`lower(${tracks.title})`), asc(tracks.id))
    .limit(limit);
}
