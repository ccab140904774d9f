import type { PlaylistId, RoomId, TrackId, UserId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { addEntry } from '../tracks/entry-store';
import { insertTrack } from '../tracks/store';
import type { ImportItemRow } from './import-store';

/** What a new track of an import needs to know of its room and its importer. */
export type ImportPlace = { roomId: RoomId; playlistId: PlaylistId; userId: UserId };

type ItemFacts = Pick<
  ImportItemRow,
  'serviceTrackId' | 'title' | 'artists' | 'durationMs' | 'facts'
>;

/**
 * The room's track for an imported item, in `processing` until its file is in: the list shows
 * it at once with the service's title, artist and duration, at the end of the playlist.
 */
export async function insertImportedTrack(
  tx: Database,
  place: ImportPlace,
  item: ItemFacts,
  position?: number,
): Promise<TrackId> {
  const track = await insertTrack(tx, {
    roomId: place.roomId,
    title: item.title,
    artist: item.artists || null,
    album: item.facts.album,
    year: item.facts.year,
    genre: item.facts.genre,
    durationMs: item.durationMs,
    source: 'yandexMusic',
    serviceTrackId: item.serviceTrackId,
    isrc: item.facts.isrc,
    artistExternalIds: item.facts.artistIds.length
      ? { yandexMusic: item.facts.artistIds.join(',') }
      : {},
    uploadedBy: place.userId,
  });
  const entry = { playlistId: place.playlistId, trackId: track.id, addedBy: place.userId };
  await addEntry(tx, position === undefined ? entry : { ...entry, position });
  return track.id;
}
