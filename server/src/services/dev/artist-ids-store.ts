import { ilike } from 'drizzle-orm';
import { DEV_SERVICE_LIMITS, type StoredArtistId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { likeContaining } from '../../db/like';
import { tracks } from '../../db/schema-tracks';

/**
 * The artist ids kept on tracks whose artist names the search (spec §3 artist external ids:
 * `{ service: "id,id" }`, one id per artist of the track), each with the names and the count
 * of tracks that keep it.
 */
export async function storedArtistIds(db: Database, name: string): Promise<StoredArtistId[]> {
  const rows = await db
    .select({ artist: tracks.artist, ids: tracks.artistExternalIds })
    .from(tracks)
    .where(ilike(tracks.artist, likeContaining(name)))
    .limit(DEV_SERVICE_LIMITS.storedTracksMax);
  const byId = new Map<string, StoredArtistId>();
  for (const row of rows) {
    for (const [service, joined] of Object.entries(row.ids)) {
      for (const id of joined.split(',').filter(Boolean)) {
        const key = `${service}:${id}`;
        const entry = byId.get(key) ?? { service, id, artists: [], trackCount: 0 };
        entry.trackCount += 1;
        if (row.artist && !entry.artists.includes(row.artist)) entry.artists.push(row.artist);
        byId.set(key, entry);
      }
    }
  }
  return [...byId.values()].sort(
    (a, b) => a.service.localeCompare(b.service) || b.trackCount - a.trackCount,
  );
}
