import { TRACK_ERRORS, type UploadView } from '@music-rooms/domain/tracks';
import type { UploadItem } from './upload-queue';
import type { UploadError } from './tus-upload';

/** What an item of the upload panel shows, from this tab's side and then the server's. */
export type UploadDisplay =
  | {
      kind:
        | 'missing'
        | 'waiting'
        | 'uploading'
        | 'processing'
        | 'duplicate'
        | 'ready'
        | 'skipped'
        | 'removed';
    }
  | { kind: 'failed'; error: UploadError };

export function uploadDisplay(item: UploadItem, view: UploadView | undefined): UploadDisplay {
  switch (item.phase) {
    case 'missing':
      return { kind: 'missing' };
    case 'queued':
      return { kind: 'waiting' };
    case 'uploading':
      return { kind: 'uploading' };
    case 'failed':
      return { kind: 'failed', error: item.error ?? { key: 'tracks.errors.uploadFailed' } };
    case 'sent':
      return serverDisplay(view);
  }
}

function serverDisplay(view: UploadView | undefined): UploadDisplay {
  if (!view) return { kind: 'processing' };
  switch (view.status) {
    case 'uploading':
    case 'processing':
      return { kind: 'processing' };
    case 'failed':
      return { kind: 'failed', error: { key: view.failure ?? 'tracks.errors.processingFailed' } };
    case 'cancelled':
      // Someone deleted its track while it was processed.
      return view.failure === TRACK_ERRORS.trackRemoved ? { kind: 'removed' } : { kind: 'skipped' };
    case 'skipped':
      return { kind: 'skipped' };
    default:
      return { kind: view.status };
  }
}

/** Finished items: nothing more will happen to them. */
export const isSettled = (display: UploadDisplay) =>
  display.kind === 'ready' || display.kind === 'skipped' || display.kind === 'removed';

/**
 * Reasons that sending the same file again cannot change: too large, not audio, or the room no
 * longer letting this person add tracks. Anything else (the storage failed, a limit or the
 * room's quota was reached, the connection broke) may go through later.
 */
const FINAL_REASONS: ReadonlySet<string> = new Set([
  TRACK_ERRORS.fileTooLarge,
  TRACK_ERRORS.unsupportedFormat,
  'rooms.errors.forbidden',
  'rooms.errors.insufficientPermissions',
]);

/** Whether a failed item offers Retry: its file is at hand and the reason may pass. */
export function canRetry(item: UploadItem, display: UploadDisplay): boolean {
  if (display.kind !== 'failed' || item.file === null) return false;
  return !FINAL_REASONS.has(display.error.key);
}
