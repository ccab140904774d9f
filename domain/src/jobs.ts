import type { RoomId, TrackId, UserId } from './ids';

/**
 * Every kind of durable background job, and the payload its row holds (a JSON object in the
 * `jobs` table). The one place a kind's payload is named: enqueueing checks it, and the
 * handler of the kind receives it typed.
 */
export type JobPayloads = {
  /** A finished upload to turn into a ready track. */
  'process-audio': { uploadId: string; trackId: TrackId; roomId: RoomId; userId: UserId };
  /** The playback copy of an older track (background catch-up work). */
  'playback-copy': { trackId: TrackId };
  /** The timer at a track's end: advances the room if its revision is still this one. */
  'player.advance': { roomId: RoomId; revision: number };
  /** One track of a streaming-service import; claimed only by the node holding the token. */
  'yandex-import': { importId: string; itemId: string; roomId: RoomId; userId: UserId };
  /** A track's loudness and true peak measured again; `batchId` groups those started together. */
  'loudness-measure': { trackId: TrackId; batchId: string };
  /** One track of a room matched on Spotify as a whole; `batchId` names that run. */
  'spotify-match': { trackId: TrackId; roomId: RoomId; batchId: string };
  /** The end of a track removal's undo window: its kept files are deleted. */
  'tracks.purge-removal': { removalId: string; roomId: RoomId };
};

export type JobKind = keyof JobPayloads;

/** A job as a tagged union: narrowing on `kind` types the payload. */
export type JobItem = { [K in JobKind]: { kind: K; payload: JobPayloads[K] } }[JobKind];

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
