import type { UploadView } from '@music-rooms/domain/tracks';
import type { UploadItem } from './upload-queue';
import type { UploadError } from './tus-upload';

/** What an item of the upload panel shows, from this tab's side and then the server's. */
export type UploadDisplay =
  | { kind: 'missing' | 'waiting' | 'uploading' | 'processing' | 'duplicate' | 'ready' | 'skipped' }
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
    case 'skipped':
      return { kind: 'skipped' };
    default:
      return { kind: view.status };
  }
}

/** Finished items: nothing more will happen to them. */
export const isSettled = (display: UploadDisplay) =>
  display.kind === 'ready' || display.kind === 'skipped';
