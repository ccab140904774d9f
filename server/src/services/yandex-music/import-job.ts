import {
  ACTIVE_ITEM_STATUSES,
  DomainError,
  YANDEX_MUSIC_ERRORS,
  type JobKind,
  type JobPayloads,
  type TrackId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { withScratchFile } from '../../storage/scratch-files';
import { PermanentJobError, type JobHandler } from '../jobs/handler';
import {
  processFile,
  storedFilesOf,
  type Processed,
  type ProcessingDeps,
} from '../tracks/processing';
import { authorizeTracksOf } from '../tracks/access';
import { removeStoredFiles } from '../tracks/stored-files';
import { insertPlaybackCopy } from '../tracks/playback-store';
import { updateTrackRow } from '../tracks/store';
import { serviceCover } from './covers';
import { downloadTrack } from './download';
import { isRetryableFailure } from './errors';
import {
  findImport,
  findItem,
  updateItem,
  type ImportItemRow,
  type ImportRow,
} from './import-store';
import type { YandexMusicRuntime } from './runtime';

/** What the job of one imported track needs. */
export type ImportJobDeps = {
  db: Database;
  runtime: Pick<YandexMusicRuntime, 'client' | 'tokens' | 'downloads' | 'timings'>;
  processing: ProcessingDeps;
  maxAudioFileSize: number;
  /** Tells the importer's live queries that an item moved on. */
  changed: (payload: ImportJobPayload) => void;
};

/** The kind of an imported track's job (stored as `yandex-import:<node>`: one node claims it). */
export const IMPORT_JOB = 'yandex-import' satisfies JobKind;
export type ImportJobPayload = JobPayloads[typeof IMPORT_JOB];

/** Progress is written at most this often per track (each write refreshes the live status). */
const PROGRESS_EVERY_MS = 500;

const EXTENSION: Record<string, string> = { mp3: 'mp3', aac: 'm4a', 'he-aac': 'm4a', flac: 'flac' };

/**
 * Fails the track (for good) unless whoever started the import may still add tracks to its
 * room: someone removed from the room, or made a viewer, since adds nothing more.
 */
async function requireImporterRight(db: Database, row: Pick<ImportRow, 'userId' | 'roomId'>) {
  try {
    await authorizeTracksOf(db, { userId: row.userId }, row.roomId, 'tracks.add');
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    throw new PermanentJobError(error.key, 'the importer may no longer add tracks to the room');
  }
}

/** The item still to be done and the token for it, or null when there is nothing to do. */
async function workOf(deps: ImportJobDeps, payload: ImportJobPayload) {
  const item = await findItem(deps.db, payload.itemId);
  if (!item || !ACTIVE_ITEM_STATUSES.includes(item.status)) return null;
  const row = await findImport(deps.db, item.importId);
  if (!row || row.status === 'cancelled') return null;
  await requireImporterRight(deps.db, row);
  const token = deps.runtime.tokens.tokenOf(item.importId);
  if (!token) throw new PermanentJobError(YANDEX_MUSIC_ERRORS.tokenNeeded, 'no token in memory');
  if (!item.trackId) throw new PermanentJobError(YANDEX_MUSIC_ERRORS.addToRoomFailed, 'track gone');
  return { item, token, trackId: item.trackId, importer: row };
}

/** Writes the bytes so far, now and then; stops the download when the item was cancelled. */
function progressWriter(deps: ImportJobDeps, payload: ImportJobPayload, stop: AbortController) {
  let last = 0;
  return (done: number, total: number | null) => {
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    void updateItem(deps.db, payload.itemId, { bytesDone: done, bytesTotal: total }, [
      'downloading',
    ])
      .then((row) => (row ? deps.changed(payload) : stop.abort()))
      .catch(() => {});
  };
}

type ImportWork = {
  item: ImportItemRow;
  token: string;
  trackId: TrackId;
  importer: Pick<ImportRow, 'userId' | 'roomId'>;
};

/** Downloads the item's file into a scratch file, with its progress on the item. */
async function downloadInto(
  deps: ImportJobDeps,
  payload: ImportJobPayload,
  { item, token }: ImportWork,
  file: string,
  signal: AbortSignal,
  stop: AbortController,
) {
  await updateItem(deps.db, item.id, { status: 'downloading', bytesDone: 0, bytesTotal: null });
  deps.changed(payload);
  const downloaded = await downloadTrack(
    deps.runtime.client,
    token,
    item.serviceTrackId,
    {
      file,
      maxBytes: deps.maxAudioFileSize,
      idleTimeoutMs: deps.runtime.timings.downloadIdleTimeoutMs,
      durationMs: item.durationMs,
      onProgress: progressWriter(deps, payload, stop),
    },
    AbortSignal.any([signal, stop.signal]),
  );
  await updateItem(
    deps.db,
    item.id,
    { status: 'processing', bytesDone: downloaded.bytes, bytesTotal: downloaded.bytes },
    ['downloading'],
  );
  deps.changed(payload);
  return downloaded;
}

/** Downloads the file and runs it through the tracks' processing; the row is the commit's. */
async function fetchAndProcess(
  deps: ImportJobDeps,
  payload: ImportJobPayload,
  work: ImportWork,
  signal: AbortSignal,
): Promise<Processed> {
  const { item, trackId } = work;
  const stop = deps.runtime.downloads.start(item.id);
  try {
    return await withScratchFile('import', 'audio', async (file) => {
      const downloaded = await downloadInto(deps, payload, work, file, signal, stop);
      const name = `${item.artists} - ${item.title}.${EXTENSION[downloaded.codec] ?? 'mp3'}`;
      const processed = await processFile(deps.processing, { trackId }, file, name, signal);
      const result = processed.track;
      const cover = result.coverKey
        ? null
        : await serviceCover(deps.runtime.client, item.facts.coverUri, signal);
      const coverKey = cover ? `covers/${trackId}-service.webp` : result.coverKey;
      if (cover) await deps.processing.storage.putBuffer(coverKey!, cover, 'image/webp');
      const track = { ...result, coverKey, coverVersion: coverKey ? Date.now() : null };
      return { track, copy: processed.copy };
    });
  } finally {
    deps.runtime.downloads.end(item.id);
  }
}

/** A failure as the job queue takes it: the §8 reason kept on the item, permanent or not. */
async function asJobFailure(deps: ImportJobDeps, itemId: string, error: unknown): Promise<unknown> {
  if (!(error instanceof DomainError)) return error;
  await updateItem(deps.db, itemId, { failureData: numbersAndTexts(error.data) }).catch(() => {});
  if (isRetryableFailure(error)) return error;
  return new PermanentJobError(error.key, error.message, error.data);
}

const numbersAndTexts = (data: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(data).filter(
      (entry): entry is [string, string | number] =>
        entry[0] !== 'field' && (typeof entry[1] === 'string' || typeof entry[1] === 'number'),
    ),
  );

/** The service's facts win over the file's tags; the file's measurements are its own. */
function commitReady(
  deps: ImportJobDeps,
  item: ImportItemRow,
  trackId: TrackId,
  processed: Processed,
) {
  const { track: result, copy } = processed;
  return async (tx: Database) => {
    const ready = await updateItem(
      tx,
      item.id,
      { status: 'ready', failure: null, failureData: {} },
      ['processing'],
    );
    // Cancelled meanwhile: the track row went with it, and no row will name what it stored.
    if (!ready) return removeStoredFiles(deps.processing, [storedFilesOf(processed)]);
    await updateTrackRow(tx, trackId, {
      ...result,
      title: item.title,
      artist: item.artists || result.artist,
      album: item.facts.album ?? result.album,
      year: item.facts.year ?? result.year,
      genre: item.facts.genre ?? result.genre,
      isrc: item.facts.isrc ?? result.isrc,
      embeddedCoverKey: result.embeddedCoverKey,
      source: 'yandexMusic',
      serviceTrackId: item.serviceTrackId,
      status: 'ready',
      failure: null,
    });
    if (copy) await insertPlaybackCopy(tx, copy);
  };
}

/** The job of one imported track: download it with the token in memory, process it, add it. */
export function importTrackJob(deps: ImportJobDeps): JobHandler<ImportJobPayload> {
  return {
    async run(payload, { signal }) {
      const work = await workOf(deps, payload);
      if (!work) return async () => {};
      try {
        const result = await fetchAndProcess(deps, payload, work, signal);
        const now = await findItem(deps.db, payload.itemId);
        if (now?.status !== 'processing') {
          // Cancelled while it was processed: what was stored for it goes.
          await removeStoredFiles(deps.processing, [storedFilesOf(result)]);
          return async () => {};
        }
        // The importer's right may have gone while the file arrived: then it is not added.
        await requireImporterRight(deps.db, work.importer).catch(async (error: unknown) => {
          await removeStoredFiles(deps.processing, [storedFilesOf(result)]);
          throw error;
        });
        return commitReady(deps, work.item, work.trackId, result);
      } catch (error) {
        throw await asJobFailure(deps, payload.itemId, error);
      }
    },
    async giveUp(tx, payload, error) {
      const key =
        error instanceof DomainError || error instanceof PermanentJobError
          ? error.key
          : YANDEX_MUSIC_ERRORS.downloadProcessingFailed;
      const item = await updateItem(
        tx,
        payload.itemId,
        { status: 'failed', failure: key },
        ACTIVE_ITEM_STATUSES,
      );
      if (item?.trackId) await updateTrackRow(tx, item.trackId, { status: 'failed', failure: key });
    },
  };
}
