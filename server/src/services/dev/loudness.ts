import { randomUUID } from 'node:crypto';
import {
  DEV_TRACK_LIMITS,
  type DevJobProgress,
  type DevLoudness,
  type JobKind,
  type JobPayloads,
  type RoomId,
  type TrackId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { ffmpegTimeLimitMs, longestAudioSeconds, measureLoudness } from '../../media';
import type { Storage } from '../../storage';
import { withScratchFile } from '../../storage/scratch-files';
import type { JobHandler } from '../jobs/handler';
import { batchProgress, latestBatchId, pendingPayloadValues } from '../jobs/inspection-store';
import type { JobQueue } from '../jobs/queue';
import { trackErrors } from '../tracks/errors';
import { findTrack } from '../tracks/store';
import { loudnessRows, measurableTrackIds, saveLoudness } from './loudness-store';

/** The job that measures a stored track's loudness and true peak again (/dev/audio-normalize). */
export const LOUDNESS_JOB = 'loudness-measure' satisfies JobKind;

type Deps = { db: Database; jobs: JobQueue };

/** The tracks with their loudness, and the last re-measuring's progress. */
export async function listLoudness(deps: Deps, search: string): Promise<DevLoudness> {
  const [rows, pending, batchId] = await Promise.all([
    loudnessRows(deps.db, search, DEV_TRACK_LIMITS.loudnessListMax),
    pendingPayloadValues(deps.db, LOUDNESS_JOB, 'trackId'),
    latestBatchId(deps.db, LOUDNESS_JOB),
  ]);
  return {
    tracks: rows.map(({ roomId, roomName, ...row }) => ({
      ...row,
      room: { id: roomId, name: roomName },
      measuring: pending.has(row.id),
    })),
    progress: batchId ? await batchProgress(deps.db, LOUDNESS_JOB, batchId) : null,
  };
}

/**
 * Queues a measurement of one track (due first), or of every ready track (background work,
 * after the uploads), leaving out tracks already being measured. Answers the batch's progress.
 */
export async function measureLoudnessAgain(
  deps: Deps,
  trackId: TrackId | null,
): Promise<DevJobProgress> {
  const [ids, pending] = await Promise.all([
    measurableTrackIds(deps.db, trackId ? [trackId] : null),
    pendingPayloadValues(deps.db, LOUDNESS_JOB, 'trackId'),
  ]);
  if (trackId && ids.length === 0) throw trackErrors.notFound();
  const batchId = randomUUID();
  await inTransaction(deps.db, async (tx) => {
    for (const id of ids.filter((id) => !pending.has(id))) {
      await deps.jobs.enqueue(tx, LOUDNESS_JOB, { trackId: id, batchId }, { background: !trackId });
    }
  });
  deps.jobs.wake();
  return batchProgress(deps.db, LOUDNESS_JOB, batchId);
}

/**
 * Downloads the track's audio and measures it; the figures are written only while the track
 * still has that audio, and its room hears of them (the player's gain follows).
 */
export function loudnessJob(deps: {
  db: Database;
  storage: Storage;
  ffmpeg: string;
  published: (roomId: RoomId) => void;
}): JobHandler<JobPayloads['loudness-measure']> {
  return {
    run: async ({ trackId }, { signal }) => {
      const track = await findTrack(deps.db, trackId);
      const audioKey = track?.status === 'ready' ? track.audioKey : null;
      if (!track || !audioKey) return async () => {};
      const seconds = track.durationMs / 1000 || longestAudioSeconds(track.sizeBytes);
      const measured = await withScratchFile('loudness', 'audio', async (file) => {
        await deps.storage.download(audioKey, file);
        return measureLoudness(deps.ffmpeg, file, {
          signal,
          timeLimitMs: ffmpegTimeLimitMs(seconds),
        });
      });
      return async (tx) => {
        const saved = await saveLoudness(tx, { id: trackId, audioKey }, measured);
        return saved ? () => deps.published(saved.roomId) : undefined;
      };
    },
    // The track keeps its former figures.
    giveUp: async () => {},
  };
}
