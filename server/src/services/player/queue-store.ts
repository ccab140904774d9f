import { and, eq } from 'drizzle-orm';
import type { PlaylistId, RoomId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { playlistEntries, playlists, tracks } from '../../db/schema';
import { ENTRY_ORDER } from '../tracks/entry-store';
import type { QueueEntry } from './timeline';

/**
 * What the player plays from: the ready tracks of a playlist, in its manual order. A track in
 * several playlists has a place in each; `order` is its place in this one, so "next" and
 * "previous" follow the playing playlist, whatever the others hold.
 */

export async function readyTracksOf(db: Database, playlistId: PlaylistId): Promise<QueueEntry[]> {
  return db
    .select({ id: tracks.id, durationMs: tracks.durationMs, order: playlistEntries.position })
    .from(playlistEntries)
    .innerJoin(tracks, eq(tracks.id, playlistEntries.trackId))
    .where(and(eq(playlistEntries.playlistId, playlistId), eq(tracks.status, 'ready')))
    .orderBy(...ENTRY_ORDER);
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
