import { randomUUID } from 'node:crypto';
import {
  DomainError,
  DEV_TRACK_ERRORS,
  SPOTIFY_ERRORS,
  SPOTIFY_LIMITS,
  type JobKind,
  type JobPayloads,
  type RoomId,
  type SpotifyRoomMatches,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { RetryLaterJobError, type JobHandler, type JobLane } from '../jobs/handler';
import { batchProgress, latestBatchId } from '../jobs/inspection-store';
import type { JobQueue } from '../jobs/queue';
import { roomErrors } from '../rooms/errors';
import { findTrack } from '../tracks/store';
import type { SpotifyClient } from './client';
import { findSpotifyMatches } from './match';
import {
  forgetRoomMatches,
  matchRooms,
  roomMatchItems,
  saveRoomMatch,
  unmatchedTrackIds,
  type NewRoomMatch,
} from './room-match-store';
import { saveSpotifyMatch } from './track-match';

/** One track of a room matched on Spotify as a whole ("match all in room"). */
export const SPOTIFY_MATCH_JOB = 'spotify-match' satisfies JobKind;

/** One request to Spotify at a time per node: a room's run never bursts into its rate limit. */
export const SPOTIFY_LANE: JobLane = { name: 'spotify', slots: 1 };

type Deps = { db: Database; jobs: JobQueue };

async function progressOf(db: Database, roomId: RoomId) {
  const batchId = await latestBatchId(db, SPOTIFY_MATCH_JOB, { roomId });
  return batchId ? batchProgress(db, SPOTIFY_MATCH_JOB, batchId) : null;
}

/** The rooms to pick from, and the last run of the room named: its progress and outcomes. */
export async function roomMatches(deps: Deps, roomId: RoomId | null): Promise<SpotifyRoomMatches> {
  const rooms = await matchRooms(deps.db);
  if (!roomId) return { rooms, progress: null, items: [] };
  // The outcomes after the progress: each job's outcome is written in the transaction that marks
  // it done, so every job the progress counts done has its outcome among them. Read side by
  // side, the outcomes could be read first and miss the last job the progress then counted.
  const progress = await progressOf(deps.db, roomId);
  const items = await roomMatchItems(deps.db, roomId);
  return { rooms, progress, items };
}

/**
 * Starts matching every ready track of the room that has no Spotify id, a job per track; the
 * room's former outcomes go. Refused while a run of the room is still under way.
 */
export async function startRoomMatch(deps: Deps, roomId: RoomId): Promise<SpotifyRoomMatches> {
  const rooms = await matchRooms(deps.db);
  if (!rooms.some((room) => room.id === roomId)) throw roomErrors.notFound();
  const running = await progressOf(deps.db, roomId);
  if (running && running.queued + running.running > 0) {
    throw new DomainError('conflict', DEV_TRACK_ERRORS.alreadyRunning);
  }
  const ids = await unmatchedTrackIds(deps.db, roomId);
  const batchId = randomUUID();
  await inTransaction(deps.db, async (tx) => {
    await forgetRoomMatches(tx, roomId);
    for (const trackId of ids) {
      await deps.jobs.enqueue(tx, SPOTIFY_MATCH_JOB, { trackId, roomId, batchId });
    }
  });
  deps.jobs.wake();
  return roomMatches(deps, roomId);
}

const isRateLimit = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.key === SPOTIFY_ERRORS.rateLimited;

/** A lookup that failed for a reason another attempt would not change is recorded as such. */
const failedOutcome = (payload: JobPayloads['spotify-match'], error: unknown): NewRoomMatch => ({
  ...payload,
  matched: false,
  reason: 'failed',
  error: error instanceof DomainError ? error.key : SPOTIFY_ERRORS.failed,
});

/**
 * Looks the track up as the find-track page does and keeps the best candidate when it is as
 * sure as SPOTIFY_LIMITS.autoMatchConfidence (stored as a confirmed match is); else records
 * why not. A 429 whose Retry-After is longer than the client waits puts the job back for
 * that long without counting the attempt.
 */
export function spotifyMatchJob(deps: {
  db: Database;
  spotify: SpotifyClient;
  published: (roomId: RoomId) => void;
}): JobHandler<JobPayloads['spotify-match']> {
  return {
    run: async (payload) => {
      const track = await findTrack(deps.db, payload.trackId);
      if (!track || track.status !== 'ready') return async () => {};
      let outcome: NewRoomMatch;
      try {
        const { candidates } = await findSpotifyMatches(deps.spotify, track);
        const best = candidates[0] ?? null;
        const matched = best !== null && best.confidence >= SPOTIFY_LIMITS.autoMatchConfidence;
        outcome = {
          ...payload,
          matched,
          reason: best ? (matched ? best.reason : 'lowConfidence') : 'noCandidates',
          confidence: best?.confidence ?? null,
          spotifyId: best?.track.id ?? null,
        };
        return async (tx) => {
          if (matched) await saveSpotifyMatch(tx, track, best.track);
          await saveRoomMatch(tx, outcome);
          return () => deps.published(payload.roomId);
        };
      } catch (error) {
        if (isRateLimit(error)) {
          throw new RetryLaterJobError(Number(error.data.retryAfterMs), error.message);
        }
        if (!(error instanceof DomainError)) throw error;
        outcome = failedOutcome(payload, error);
        return async (tx) => saveRoomMatch(tx, outcome);
      }
    },
    giveUp: async (tx, payload, error) => {
      if (await findTrack(tx, payload.trackId))
        await saveRoomMatch(tx, failedOutcome(payload, error));
    },
  };
}
