import { eq, inArray, sql } from 'drizzle-orm';
import type { TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { jobs } from '../../db/schema-jobs';
import { tracks } from '../../db/schema-tracks';
import { trackPlaybackCopies } from '../../db/schema-playback';
import { isUuid } from '../../db/uuid';

export type PlaybackCopyRow = typeof trackPlaybackCopies.$inferSelect;
export type NewPlaybackCopy = Omit<typeof trackPlaybackCopies.$inferInsert, 'createdAt'>;

/** The playback copies of tracks, one statement each; the rules live in playback*.ts. */

export async function findPlaybackCopy(db: Database, id: TrackId): Promise<PlaybackCopyRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(trackPlaybackCopies)
    .where(eq(trackPlaybackCopies.trackId, id))
    .limit(1);
  return row ?? null;
}

/**
 * Records a copy, only while its track still plays the audio it was made from (the track may
 * have been removed, or its audio replaced, while the copy was made) and has no copy yet.
 * Answers whether it was recorded.
 */
export async function insertPlaybackCopy(db: Database, copy: NewPlaybackCopy): Promise<boolean> {
  const result = await db.execute(sql`
    insert into ${trackPlaybackCopies} (track_id, storage_key, source_key, version, sample_rate,
      channels, total_samples, size_bytes, header_base64, segments)
    select ${tracks.id}, ${copy.storageKey}, ${copy.sourceKey}, ${copy.version},
      ${copy.sampleRate}::integer, ${copy.channels}::integer, ${copy.totalSamples}::bigint,
      ${copy.sizeBytes}::bigint, ${copy.headerBase64}, ${JSON.stringify(copy.segments)}::jsonb
    from ${tracks}
    where ${tracks.id} = ${copy.trackId} and ${tracks.audioKey} = ${copy.sourceKey}
    on conflict do nothing
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Deletes the copies of these tracks; answers their stored files, by track. */
export async function deletePlaybackCopies(
  db: Database,
  ids: readonly TrackId[],
): Promise<Map<TrackId, string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .delete(trackPlaybackCopies)
    .where(inArray(trackPlaybackCopies.trackId, valid))
    .returning({ trackId: trackPlaybackCopies.trackId, key: trackPlaybackCopies.storageKey });
  return new Map(rows.map((row) => [row.trackId, row.key]));
}

/** Deletes the copies of these tracks; answers their rows, by track (a removal keeps them). */
export async function takePlaybackCopies(
  db: Database,
  ids: readonly TrackId[],
): Promise<Map<TrackId, PlaybackCopyRow>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Map();
  const rows = await db
    .delete(trackPlaybackCopies)
    .where(inArray(trackPlaybackCopies.trackId, valid))
    .returning();
  return new Map(rows.map((row) => [row.trackId, row]));
}

/** Hands one track's copy to another (a replacement takes over the new file's copy). */
export async function movePlaybackCopy(db: Database, from: TrackId, to: TrackId): Promise<void> {
  await db
    .update(trackPlaybackCopies)
    .set({ trackId: to })
    .where(eq(trackPlaybackCopies.trackId, from));
}

/**
 * Queues a background job of `kind` for each ready track that has audio but no playback copy
 * and no such job waiting, running or given up (a copy that failed every attempt is made when
 * the player asks for it, not again at every start); answers how many were queued.
 */
export async function queueMissingPlaybackCopies(db: Database, kind: string): Promise<number> {
  const result = await db.execute(sql`
    insert into ${jobs} (kind, payload, background)
    select ${kind}, jsonb_build_object('trackId', t.id), true
    from ${tracks} t
    where t.status = 'ready' and t.audio_key is not null
      and not exists (select 1 from ${trackPlaybackCopies} c where c.track_id = t.id)
      and not exists (
        select 1 from ${jobs} j
        where j.kind = ${kind} and j.status in ('queued', 'running', 'failed')
          and j.payload->>'trackId' = t.id::text
      )
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
