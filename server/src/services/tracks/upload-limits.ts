import type { RoomId, UserId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { UPLOAD_EXPIRY_MS } from '../../storage/upload-files';
import { trackErrors } from './errors';
import { roomTrackBytes } from './store';
import { uploadsInProgress } from './upload-store';

type Deps = Pick<RequestDeps, 'db' | 'config' | 'attempts'>;

/** A new upload: who starts it, into which room (an audio upload), and its declared length. */
export type NewUploadSize = { userId: UserId; roomId: RoomId | null; length: number };

/**
 * The limits a new upload must keep, checked on the creating request before a byte is stored:
 * how often one person starts uploads (across nodes, through the attempt counters), how many
 * of theirs are unfinished and how large those are together, and how much the room may hold
 * (its stored tracks and the uploads on their way into it). Unfinished uploads older than the
 * tus expiry no longer hold bytes, so they count no more.
 */
export async function checkUploadLimits(deps: Deps, upload: NewUploadSize): Promise<void> {
  const limits = deps.config.uploadLimits;
  const started = await deps.attempts.hit(
    `uploads:created:${upload.userId}`,
    limits.creationsPerWindow,
    limits.creationWindowMs,
  );
  if (!started.allowed) throw trackErrors.uploadsTooFast(started.retryAfterMs);
  const since = new Date(Date.now() - UPLOAD_EXPIRY_MS);
  const own = await uploadsInProgress(deps.db, { userId: upload.userId }, since);
  if (own.count >= limits.inProgressCount) {
    throw trackErrors.tooManyUploads(limits.inProgressCount);
  }
  if (own.bytes + upload.length > limits.inProgressBytes) {
    throw trackErrors.uploadBytesInProgress(limits.inProgressBytes);
  }
  if (upload.roomId && limits.roomQuotaBytes > 0) {
    const arriving = await uploadsInProgress(deps.db, { roomId: upload.roomId }, since);
    const stored = await roomTrackBytes(deps.db, upload.roomId);
    if (stored + arriving.bytes + upload.length > limits.roomQuotaBytes) {
      throw trackErrors.roomStorageFull(limits.roomQuotaBytes);
    }
  }
}
