import { eq, inArray } from 'drizzle-orm';
import type { RoomId, RoomNowPlaying } from '@music-rooms/domain';
import type { Database } from '../../db';
import { roomPlayback } from '../../db/schema-player';
import { tracks } from '../../db/schema-tracks';

/**
 * The track each room's player is on, for the room cards: one join of the rooms' playback rows
 * with their current tracks, whatever the number of rooms. A room without a row, or whose
 * current track is gone, is missing from the answer.
 */
export async function selectNowPlaying(
  db: Database,
  roomIds: readonly RoomId[],
): Promise<Map<RoomId, RoomNowPlaying>> {
  const found = new Map<RoomId, RoomNowPlaying>();
  if (roomIds.length === 0) return found;
  const rows = await db
    .select({
      roomId: roomPlayback.roomId,
      playing: roomPlayback.playing,
      trackId: tracks.id,
      title: tracks.title,
      artist: tracks.artist,
      coverKey: tracks.coverKey,
      coverVersion: tracks.coverVersion,
    })
    .from(roomPlayback)
    .innerJoin(tracks, eq(tracks.id, roomPlayback.trackId))
    .where(inArray(roomPlayback.roomId, [...roomIds]));
  for (const row of rows) {
    found.set(row.roomId, {
      trackId: row.trackId,
      title: row.title,
      artist: row.artist,
      coverVersion: row.coverKey ? row.coverVersion : null,
      playing: row.playing,
    });
  }
  return found;
}
