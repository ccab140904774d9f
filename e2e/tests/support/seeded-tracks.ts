import type { FastifyInstance } from 'fastify';
import { asRoomId, asUserId } from '../../../domain/src/ids';
import { defaultPlaylist } from '../../../server/src/services/tracks/playlist-store';
import { DEFAULT_PLAYLIST_NAME } from '../../../server/src/services/tracks/playlists';
import { addEntry } from '../../../server/src/services/tracks/entry-store';
import { insertTrack } from '../../../server/src/services/tracks/store';

/** What a seeded track is called and by whom (the rest: a ready three-minute track). */
export type SeededTrack = { title: string; artist?: string; album?: string; uploadedBy?: string };

/**
 * Puts ready tracks at the end of a room's default playlist straight through the app's database:
 * a long list is the scene of a journey, not what it is about. They have no stored audio, so
 * they are for lists, not for playing.
 */
export async function seedTracks(
  app: FastifyInstance,
  roomId: string,
  seeds: readonly SeededTrack[],
): Promise<void> {
  const db = app.database.db;
  const room = asRoomId(roomId);
  const playlist = await defaultPlaylist(db, room, DEFAULT_PLAYLIST_NAME);
  for (const seed of seeds) {
    const track = await insertTrack(db, {
      title: seed.title,
      artist: seed.artist ?? null,
      album: seed.album ?? null,
      durationMs: 180_000,
      sizeBytes: 3_000_000,
      status: 'ready',
      roomId: room,
      uploadedBy: seed.uploadedBy ? asUserId(seed.uploadedBy) : null,
    });
    await addEntry(db, { playlistId: playlist.id, trackId: track.id, addedBy: track.uploadedBy });
  }
}
