import type { PlaylistId, RoomId } from '@music-rooms/domain/ids';
import { TRACK_ERRORS } from '@music-rooms/domain/tracks';
import { holdTabWork } from '../../lib/pending-requests';
import { readBatch, writeBatch } from './batch-storage';
import { SpeedMeter } from './format';
import { matchFiles, type ResumeMatch, type StoredUpload } from './resume-match';
import { withoutSupersededCopies } from './superseded-uploads';
import {
  startTusUpload,
  terminateUpload,
  type RunningUpload,
  type UploadError,
} from './tus-upload';

/**
 * What this tab knows of an item: waiting its turn, sending, all bytes sent (the server takes
 * it from there: processing, duplicate, ready, failed), refused, or from an old batch whose file
 * has to be chosen again.
 */
export type UploadPhase = 'queued' | 'uploading' | 'sent' | 'failed' | 'missing';

export type UploadItem = StoredUpload & {
  file: File | null;
  phase: UploadPhase;
  sent: number;
  bytesPerSecond: number;
  error: UploadError | null;
  /** The server's id of the upload (the last part of its address). */
  uploadId: string | null;
  playlistId: PlaylistId | null;
  /** Matched to a file chosen again after a reload. */
  resumed: boolean;
};

/** Uploads sent at the same time; the rest of a batch waits its turn. */
const PARALLEL = 2;

const idOfUrl = (url: string | null) => (url ? (url.split('/').pop() ?? null) : null);
let nextKey = 0;
const newKey = () => `${Date.now().toString(36)}-${(nextKey += 1)}`;

/**
 * A room's uploads in this tab (spec §4 Upload): the queue, progress and speed of each item,
 * retry and cancel, and the unfinished batch restored from localStorage after a reload. The
 * server's side of each item (processing, duplicate, ready) comes from the live uploads.list.
 */
export class UploadQueue {
  private items: UploadItem[];
  private readonly running = new Map<string, RunningUpload>();
  /** Releases of the tab's leave warning, one per item sending bytes. */
  private readonly tabWork = new Map<string, () => void>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly roomId: RoomId) {
    this.items = readBatch(roomId).map((stored) => ({
      ...stored,
      ...fresh(null, null),
      phase: 'missing' as const,
      uploadId: idOfUrl(stored.uploadUrl),
    }));
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = () => this.items;

  /** Adds chosen or dropped files; those over the size cap fail at once, sending nothing. */
  add(files: readonly File[], playlistId: PlaylistId | null, maxBytes: number | null) {
    const added = files.map((file): UploadItem => {
      const tooLarge = maxBytes !== null && file.size > maxBytes;
      return {
        key: newKey(),
        fileName: file.name,
        size: file.size,
        lastModified: file.lastModified,
        uploadUrl: null,
        ...fresh(file, playlistId),
        phase: tooLarge ? 'failed' : 'queued',
        error: tooLarge ? tooLargeError(maxBytes) : null,
      };
    });
    this.update([...this.items, ...added]);
    this.pump();
  }

  /**
   * Files chosen again after a reload: matched items go on from the server's offset. A file
   * that fits no item is left to the person (`extra`): it is not silently a new upload.
   */
  resume(files: readonly File[]): ResumeMatch<File> {
    const match = matchFiles(
      this.items.filter((item) => item.phase === 'missing'),
      files,
    );
    const byKey = new Map(match.matched.map(({ item, file }) => [item.key, file]));
    this.update(
      this.items.map((item) => {
        const file = byKey.get(item.key);
        return file ? { ...item, file, phase: 'queued', resumed: true } : item;
      }),
    );
    this.pump();
    return match;
  }

  /**
   * Sends a failed item again: from the server's offset when its bytes did not all arrive, or
   * anew when they did and the server failed it afterwards (that upload is over).
   */
  retry(key: string) {
    const item = this.items.find((entry) => entry.key === key);
    const anew = item?.phase === 'sent' ? { uploadUrl: null, uploadId: null, sent: 0 } : {};
    this.patch(key, { phase: 'queued', error: null, ...anew });
    this.pump();
  }

  /** Stops an item and makes the server forget it (the tus upload is terminated). */
  async cancel(key: string) {
    const item = this.items.find((entry) => entry.key === key);
    const running = this.running.get(key);
    this.running.delete(key);
    this.releaseTabWork(key);
    this.update(this.items.filter((entry) => entry.key !== key));
    if (running) await running.abort(true).catch(() => undefined);
    else if (item?.uploadUrl && item.phase !== 'sent') await terminateUpload(item.uploadUrl);
    this.pump();
  }

  /** Takes finished items off the panel (their tracks are in the list). */
  dismiss(keys: readonly string[]) {
    const gone = new Set(keys);
    this.update(this.items.filter((item) => !gone.has(item.key) || this.running.has(item.key)));
  }

  private pump() {
    const waiting = this.items.filter((item) => item.phase === 'queued' && item.file);
    for (const item of waiting.slice(0, Math.max(0, PARALLEL - this.running.size))) {
      void this.start(item);
    }
  }

  private async start(item: UploadItem) {
    const meter = new SpeedMeter();
    this.patch(item.key, { phase: 'uploading', bytesPerSecond: 0 });
    const placeholder: RunningUpload = { abort: async () => undefined };
    this.running.set(item.key, placeholder);
    const metadata: Record<string, string> = {
      roomId: this.roomId,
      filename: item.fileName,
      filetype: item.file!.type,
      ...(item.playlistId ? { playlistId: item.playlistId } : {}),
    };
    this.tabWork.set(item.key, holdTabWork());
    const finish = (changes: Partial<UploadItem>) => {
      this.releaseTabWork(item.key);
      this.running.delete(item.key);
      this.patch(item.key, changes);
      this.pump();
    };
    const upload = await startTusUpload({
      file: item.file!,
      metadata,
      uploadUrl: item.uploadUrl,
      onUrl: (url) => this.patch(item.key, { uploadUrl: url, uploadId: idOfUrl(url) }),
      onProgress: (sent) =>
        this.patch(item.key, { sent, bytesPerSecond: meter.sample(sent, performance.now()) }),
      onSuccess: (url) => {
        this.update(
          withoutSupersededCopies(this.items, {
            key: item.key,
            name: item.fileName,
            size: item.size,
          }),
        );
        finish({ phase: 'sent', sent: item.size, uploadId: idOfUrl(url) });
      },
      onError: (error) => finish({ phase: 'failed', error }),
    }).catch(() => null);
    if (!upload) return finish({ phase: 'failed', error: { key: TRACK_ERRORS.uploadFailed } });
    // Cancelled while the client loaded: stop at once.
    if (this.running.get(item.key) !== placeholder) return void upload.abort(true);
    this.running.set(item.key, upload);
  }

  /** The tab may close without asking once no byte of this item is being sent any more. */
  private releaseTabWork(key: string) {
    this.tabWork.get(key)?.();
    this.tabWork.delete(key);
  }

  private patch(key: string, changes: Partial<UploadItem>) {
    this.update(this.items.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  }

  private update(items: UploadItem[]) {
    this.items = items;
    // What a reload needs: the items whose bytes have not all arrived yet.
    writeBatch(
      this.roomId,
      items
        .filter((item) => item.phase !== 'sent' && item.error?.key !== TRACK_ERRORS.fileTooLarge)
        .map(({ key, fileName, size, lastModified, uploadUrl }) => ({
          key,
          fileName,
          size,
          lastModified,
          uploadUrl,
        })),
    );
    for (const listener of this.listeners) listener();
  }
}

function fresh(file: File | null, playlistId: PlaylistId | null) {
  return {
    file,
    playlistId,
    sent: 0,
    bytesPerSecond: 0,
    error: null,
    uploadId: null,
    resumed: false,
  };
}

function tooLargeError(maxBytes: number | null): UploadError {
  const maxMb = Math.round(((maxBytes ?? 0) / (1024 * 1024)) * 10) / 10;
  return { key: TRACK_ERRORS.fileTooLarge, values: { maxMb } };
}

const queues = new Map<RoomId, UploadQueue>();

/** One queue per room for the life of the tab: leaving the room page keeps uploads going. */
export function uploadQueueOf(roomId: RoomId): UploadQueue {
  let queue = queues.get(roomId);
  if (!queue) {
    queue = new UploadQueue(roomId);
    queues.set(roomId, queue);
  }
  return queue;
}
