import {
  DomainError,
  LIMITS,
  parseTrackFilename,
  type JobKind,
  type PlaylistId,
  type RoomId,
  type TrackId,
  type UploadView,
  type UserId,
} from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { authorizeTrack, authorizeTracksOf } from './access';
import { trackErrors } from './errors';
import { checkUploadLimits } from './upload-limits';
import { defaultPlaylist, findPlaylist } from './playlist-store';
import { DEFAULT_PLAYLIST_NAME } from './playlists';
import { addEntry } from './entry-store';
import { findTracks, insertTrack } from './store';
import {
  findUpload,
  insertUpload,
  listUserUploads,
  updateUpload,
  type UploadRow,
} from './upload-store';
import { uploadView } from './views';

type Deps = Pick<RequestDeps, 'db' | 'config' | 'jobs' | 'uploadFiles' | 'attempts'>;

/** What a tus creation request says about the file (its Upload-Metadata). */
export type UploadRequest =
  | {
      kind: 'audio';
      roomId: RoomId;
      playlistId: PlaylistId | null;
      fileName: string;
      fileType: string | null;
    }
  | { kind: 'cover'; trackId: TrackId; fileName: string; fileType: string | null };

export const PROCESS_AUDIO_JOB = 'process-audio' satisfies JobKind;

/**
 * Checked on the creating request, before a byte is stored: a signed-in caller who may add
 * tracks to the room (or change this track's cover), a declared length under the cap, and the
 * upload limits (upload-limits.ts). Answers the room the upload goes to.
 */
export async function authorizeUpload(
  deps: Deps,
  viewer: RoomViewer,
  request: UploadRequest,
  length: number,
): Promise<RoomId> {
  const userId = requireSignedIn(viewer);
  if (request.kind === 'cover') {
    const { track } = await authorizeTrack(deps.db, viewer, request.trackId, 'tracks.manage');
    if (length > LIMITS.trackCover.maxBytes) throw trackErrors.imageTooLarge();
    await checkUploadLimits(deps, { userId, roomId: null, length });
    return track.roomId;
  }
  await authorizeTracksOf(deps.db, viewer, request.roomId, 'tracks.add');
  if (request.playlistId) {
    const playlist = await findPlaylist(deps.db, request.playlistId);
    if (!playlist || playlist.roomId !== request.roomId) throw trackErrors.playlistNotFound();
  }
  if (length > deps.config.maxAudioFileSize) {
    throw trackErrors.fileTooLarge(deps.config.maxAudioFileSize);
  }
  await checkUploadLimits(deps, { userId, roomId: request.roomId, length });
  return request.roomId;
}

/** Records a new upload once tus has accepted it. */
export function recordUpload(
  deps: Deps,
  params: { id: string; userId: UserId; roomId: RoomId; request: UploadRequest; length: number },
): Promise<UploadRow> {
  const { request } = params;
  return insertUpload(deps.db, {
    id: params.id,
    kind: request.kind,
    roomId: params.roomId,
    playlistId: request.kind === 'audio' ? request.playlistId : null,
    trackId: request.kind === 'cover' ? request.trackId : null,
    userId: params.userId,
    fileName: request.fileName,
    fileType: request.fileType,
    sizeBytes: params.length,
  });
}

/**
 * The refusal the room now gives the uploader for this upload, or null while they may still
 * add it: someone removed from the room, or made a viewer, since the upload began may not.
 */
export async function uploaderRefusal(
  db: Database,
  upload: UploadRow,
): Promise<DomainError | null> {
  const viewer = { userId: upload.userId };
  try {
    if (upload.kind === 'cover' && upload.trackId) {
      await authorizeTrack(db, viewer, upload.trackId, 'tracks.manage');
    } else {
      await authorizeTracksOf(db, viewer, upload.roomId, 'tracks.add');
    }
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

/**
 * Before more bytes are taken: throws the room's refusal when the uploader lost the right to
 * add to it, after failing the upload with that reason and forgetting the bytes it had.
 */
export async function requireUploaderRight(deps: Deps, upload: UploadRow): Promise<void> {
  const refusal = await uploaderRefusal(deps.db, upload);
  if (!refusal) return;
  await updateUpload(deps.db, upload.id, { status: 'failed', failure: refusal.key }, ['uploading']);
  await deps.uploadFiles.remove(upload.id);
  throw refusal;
}

/** A finished upload's row, and the room's refusal when its uploader lost the right meanwhile. */
export type FinishedUpload = { row: UploadRow; refusal: DomainError | null };

/**
 * All bytes arrived: an audio upload becomes a track in `processing` (titled from its file
 * name until the tags are read) and a processing job, in one transaction. Runs once per
 * upload however often it is called (a finish after a restart, a repeated HEAD). An uploader
 * who lost the right to add to the room gets no track: the upload fails with the room's
 * refusal and its bytes are forgotten.
 */
export async function finishUpload(deps: Deps, id: string): Promise<FinishedUpload | null> {
  const finished = await inTransaction(deps.db, async (tx) => {
    const upload = await updateUpload(tx, id, { status: 'processing' }, ['uploading']);
    if (!upload) return null;
    const refusal = await uploaderRefusal(tx, upload);
    if (refusal) {
      const row = await updateUpload(tx, id, { status: 'failed', failure: refusal.key });
      return { row: row!, refusal };
    }
    if (upload.kind === 'cover') {
      return { row: (await updateUpload(tx, id, { status: 'ready' }))!, refusal: null };
    }
    return { row: await addUploadedTrack(deps, tx, upload), refusal: null };
  });
  if (finished?.refusal) await deps.uploadFiles.remove(id);
  else if (finished?.row.kind === 'audio') deps.jobs.wake();
  return finished;
}

/** The track of a finished audio upload, in `processing`, and the job that will process it. */
async function addUploadedTrack(deps: Deps, tx: Database, upload: UploadRow): Promise<UploadRow> {
  const playlistId =
    upload.playlistId ?? (await defaultPlaylist(tx, upload.roomId, DEFAULT_PLAYLIST_NAME)).id;
  const parsed = parseTrackFilename(upload.fileName);
  const track = await insertTrack(tx, {
    roomId: upload.roomId,
    title: parsed.title,
    artist: parsed.artist,
    sizeBytes: upload.sizeBytes,
    originalFileName: upload.fileName,
    uploadedBy: upload.userId,
  });
  await addEntry(tx, { playlistId, trackId: track.id, addedBy: upload.userId });
  await deps.jobs.enqueue(tx, PROCESS_AUDIO_JOB, {
    uploadId: upload.id,
    trackId: track.id,
    roomId: upload.roomId,
    userId: upload.userId,
  });
  return (await updateUpload(tx, upload.id, { trackId: track.id, playlistId }))!;
}

/** The caller's uploads into a room from the last day (the upload panel after a reload). */
export async function listUploads(
  deps: Deps,
  viewer: RoomViewer,
  roomId: RoomId,
): Promise<UploadView[]> {
  const userId = requireSignedIn(viewer);
  await authorizeTracksOf(deps.db, viewer, roomId, 'tracks.add');
  const rows = await listUserUploads(deps.db, userId, roomId, new Date(Date.now() - 86_400_000));
  const duplicates = await findTracks(
    deps.db,
    rows.flatMap((row) => (row.status === 'duplicate' && row.duplicateOf ? [row.duplicateOf] : [])),
  );
  const byId = new Map(duplicates.map((track) => [track.id, track]));
  return rows.map((row) =>
    uploadView(row, row.duplicateOf ? (byId.get(row.duplicateOf) ?? null) : null),
  );
}

/** The caller's own upload, or not_found (someone else's upload is not theirs to see). */
export async function ownUpload(deps: Pick<Deps, 'db'>, viewer: RoomViewer, id: string) {
  const userId = requireSignedIn(viewer);
  const upload = await findUpload(deps.db, id);
  if (!upload || upload.userId !== userId) throw trackErrors.uploadNotFound();
  return upload;
}
