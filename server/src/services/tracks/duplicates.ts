import type { DuplicateChoice, UploadView } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { inTransaction } from '../../db/transaction';
import type { RoomViewer } from '../rooms/access';
import { deleteTracks } from './batch';
import { removeStoredFiles, type StoredFiles } from './stored-files';
import { authorizeTracksOf } from './access';
import { trackErrors } from './errors';
import { takeOverEntries } from './entry-store';
import { deletePlaybackCopies, movePlaybackCopy } from './playback-store';
import { findTracks, updateTrackRow, type TrackRow } from './store';
import { ownUpload } from './uploads';
import { updateUpload } from './upload-store';
import { uploadView } from './views';

type Deps = Pick<RequestDeps, 'db' | 'storage' | 'log'>;

/** The file-derived fields a replacement takes over; the title and tags people edited stay. */
function replacementOf(incoming: TrackRow) {
  return {
    durationMs: incoming.durationMs,
    sizeBytes: incoming.sizeBytes,
    format: incoming.format,
    mime: incoming.mime,
    bitrate: incoming.bitrate,
    sampleRate: incoming.sampleRate,
    contentHash: incoming.contentHash,
    loudnessLufs: incoming.loudnessLufs,
    truePeakDb: incoming.truePeakDb,
    waveform: incoming.waveform,
    audioKey: incoming.audioKey,
    originalFileName: incoming.originalFileName,
  };
}

/**
 * The uploader's choice for an upload that matched a track of the room: skip it (the new track
 * goes), keep both (the new track becomes ready), or replace the old track's audio with it.
 */
export async function resolveDuplicate(
  deps: Deps,
  viewer: RoomViewer,
  uploadId: string,
  choice: DuplicateChoice,
): Promise<UploadView> {
  const upload = await ownUpload(deps, viewer, uploadId);
  if (upload.status !== 'duplicate' || !upload.trackId || !upload.duplicateOf) {
    throw trackErrors.notADuplicate();
  }
  await authorizeTracksOf(deps.db, viewer, upload.roomId, 'tracks.add');
  const [incoming, existing] = await Promise.all([
    findTracks(deps.db, [upload.trackId]).then((rows) => rows[0] ?? null),
    findTracks(deps.db, [upload.duplicateOf]).then((rows) => rows[0] ?? null),
  ]);
  if (!incoming) throw trackErrors.notFound();
  const { row, orphaned } = await inTransaction(deps.db, async (tx) => {
    if (choice === 'keepBoth' || !existing) {
      await updateTrackRow(tx, incoming.id, { status: 'ready' });
      return { row: await updateUpload(tx, uploadId, { status: 'ready' }), orphaned: [] };
    }
    const orphaned: StoredFiles[] = [];
    if (choice === 'replace') {
      // The old track takes the new file, and with it the new file's playback copy.
      const oldCopy = await deletePlaybackCopies(tx, [existing.id]);
      await movePlaybackCopy(tx, incoming.id, existing.id);
      await updateTrackRow(tx, existing.id, replacementOf(incoming));
      // Uploaded into a playlist the old track was not in: it is there now, where the new was.
      await takeOverEntries(tx, existing.id, [incoming.id]);
      const playbackKey = oldCopy.get(existing.id) ?? null;
      orphaned.push({ ...existing, coverKey: null, embeddedCoverKey: null, playbackKey });
    }
    const [removed] = await deleteTracks(tx, [incoming.id]);
    // A replaced track's old audio goes; a skipped upload's files go.
    if (removed) orphaned.push(choice === 'replace' ? { ...removed, audioKey: null } : removed);
    const status = choice === 'replace' ? 'ready' : 'skipped';
    const trackId = choice === 'replace' ? existing.id : null;
    const row = await updateUpload(tx, uploadId, { status, trackId });
    return { row, orphaned };
  });
  await removeStoredFiles(deps, orphaned);
  return uploadView(row!, null);
}

/**
 * Cancels an upload that is still arriving, or dismisses one that failed. The web also
 * terminates it over tus, but a tab closed in between never does: its bytes (on S3, an open
 * multipart upload) go here. A failed upload's failed track goes too.
 */
export async function cancelUpload(
  deps: Deps & Pick<RequestDeps, 'uploadFiles'>,
  viewer: RoomViewer,
  uploadId: string,
): Promise<UploadView> {
  const upload = await ownUpload(deps, viewer, uploadId);
  const row = await updateUpload(deps.db, uploadId, { status: 'cancelled' }, [
    'uploading',
    'failed',
  ]);
  if (row) await deps.uploadFiles.remove(uploadId);
  // A refused file left a failed track that only this panel showed: it goes with the upload.
  if (row && upload.status === 'failed' && upload.trackId) {
    const [track] = await findTracks(deps.db, [upload.trackId]);
    if (track?.status === 'failed')
      await removeStoredFiles(deps, await deleteTracks(deps.db, [track.id]));
  }
  return uploadView(row ?? upload, null);
}
