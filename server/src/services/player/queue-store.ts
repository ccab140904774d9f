import { and, asc, eq } from 'drizzle-orm';
import type { PlaylistId, RoomId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { playlists, tracks } from '../../db/schema';
import type { QueueEntry } from './timeline';

/** What the player plays from: the ready tracks of a playlist, in its manual order. */

export async function readyTracksOf(db: Database, playlistId: PlaylistId): Promise<QueueEntry[]> {
  const rows = await db
    .select({ id: tracks.id, durationMs: tracks.durationMs, order: tracks.position })
    .from(tracks)
    .where(and(eq(tracks.playlistId, playlistId), eq(tracks.status, 'ready')))
    .orderBy(asc(tracks.position), asc(tracks.uploadedAt), asc(tracks.id));
  return rows;
}

/** The room's default playlist, if it has one yet (reading never makes one). */
export async function defaultPlaylistId(db: Database, roomId: RoomId): Promise<PlaylistId | null> {
  const [row] = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(eq(playlists.roomId, roomId), eq(playlists.isDefault, true)))
    .limit(1);
  return row?.id ?? null;
}
