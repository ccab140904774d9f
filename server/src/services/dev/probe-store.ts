import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { tracks } from '../../db/schema-tracks';

/** The audio key of the newest ready track, if any: a real object for the CORS test to fetch. */
export async function newestTrackAudioKey(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ audioKey: tracks.audioKey })
    .from(tracks)
    .where(and(eq(tracks.status, 'ready'), isNotNull(tracks.audioKey)))
    .orderBy(desc(tracks.uploadedAt))
    .limit(1);
  return row?.audioKey ?? null;
}
