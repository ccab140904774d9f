import type { DetailedError, Upload } from 'tus-js-client';
import { TRACK_ERRORS } from '@music-rooms/domain/tracks';
import { errorOfBody, messageValuesOf } from '../../lib/api/error-body';

/** Where uploads go (tus 1.0; the server checks who may upload on the creating request). */
export const UPLOADS_ENDPOINT = '/api/uploads';

/**
 * Bytes per PATCH. Each finished chunk is kept by the server, so after a reload the upload goes
 * on from the last one; smaller chunks lose less, larger ones cost fewer round trips.
 */
const CHUNK_BYTES = 2 * 1024 * 1024;

/** Why an upload failed: a translation key and its values. */
export type UploadError = { key: string; values?: Record<string, string | number> };

export type TusUploadOptions = {
  file: File;
  metadata: Record<string, string>;
  /** Resume an upload the server already knows (its address). */
  uploadUrl?: string | null;
  onUrl?: (url: string) => void;
  onProgress?: (sent: number, total: number) => void;
  onSuccess: (url: string) => void;
  onError: (error: UploadError) => void;
};

export type RunningUpload = {
  /** Stops sending; with `terminate` the server also forgets the upload and its bytes. */
  abort: (terminate: boolean) => Promise<void>;
};

/** The tus client is only downloaded once someone uploads. */
const loadTus = () => import('tus-js-client');

/** Starts (or resumes) an upload over tus from the browser, with the session cookie. */
export async function startTusUpload(options: TusUploadOptions): Promise<RunningUpload> {
  const { Upload } = await loadTus();
  const upload: Upload = new Upload(options.file, {
    endpoint: UPLOADS_ENDPOINT,
    uploadUrl: options.uploadUrl ?? null,
    metadata: options.metadata,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000],
    // The batch keeps its own memory of what to resume (batch-storage.ts).
    storeFingerprintForResuming: false,
    onUploadUrlAvailable: () => upload.url && options.onUrl?.(upload.url),
    onProgress: (sent, total) => options.onProgress?.(sent, total),
    onSuccess: () => options.onSuccess(upload.url ?? ''),
    onError: (error) => options.onError(uploadErrorOf(error)),
    onShouldRetry: (error) => isPassingFailure(error.originalResponse?.getStatus() ?? 0),
  });
  upload.start();
  return { abort: (terminate) => upload.abort(terminate) };
}

/**
 * Whether trying the same request again at once may go through: a cut connection, a conflict of
 * offsets, a locked upload, the server's trouble. A refusal (too large, not allowed, too many,
 * the room's quota: 507 Insufficient Storage) would be the same next time.
 */
export function isPassingFailure(status: number): boolean {
  if (status === 507) return false;
  return status === 0 || status === 409 || status === 423 || status >= 500;
}

/** Forgets an upload on the server that this tab is not sending (an item of an old batch). */
export async function terminateUpload(url: string): Promise<void> {
  const { Upload } = await loadTus();
  await Upload.terminate(url, { retryDelays: [] }).catch(() => undefined);
}

/**
 * The server refuses with the app's error body (401, 403, 413, 429, 507...): its key is
 * translated with its values (the size cap in MB...). Anything else is "Upload failed".
 */
export function uploadErrorOf(error: Error | DetailedError): UploadError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { key: TRACK_ERRORS.uploadFailed };
  const refusal = errorOfBody(response.getStatus(), '', jsonOf(response.getBody()));
  if (refusal.code.startsWith('http_')) return { key: TRACK_ERRORS.uploadFailed };
  return { key: refusal.data.key, values: messageValuesOf(refusal) };
}

function jsonOf(body: string | undefined): unknown {
  try {
    return body ? JSON.parse(body) : null;
  } catch {
    // Not JSON: a proxy's page or a cut connection.
    return null;
  }
}
