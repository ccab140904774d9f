import type { TrackId, TrackSummary } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { toCoverWebp } from '../../media';
import { readWholeFile } from '../../storage/scratch-files';
import type { RoomViewer } from '../rooms/access';
import { authorizeTrack } from './access';
import { trackErrors } from './errors';
import { findTrack, updateTrackRow, type TrackRow } from './store';
import { ownUpload } from './uploads';
import { updateUpload } from './upload-store';
import { trackSummary } from './views';

type Deps = Pick<RequestDeps, 'db' | 'storage' | 'uploadFiles'>;

/** A cover image uploaded over tus, as the product keeps it (512×512 WebP). */
async function coverFromUpload(deps: Deps, viewer: RoomViewer, trackId: TrackId, uploadId: string) {
  const upload = await ownUpload(deps, viewer, uploadId);
  if (upload.kind !== 'cover' || upload.trackId !== trackId || upload.status !== 'ready') {
    throw trackErrors.uploadNotFound();
  }
  const local = await deps.uploadFiles.localFile(uploadId);
  try {
    const image = await readWholeFile(local.path);
    return await toCoverWebp(image).catch(() => {
      throw trackErrors.imageUploadFailed();
    });
  } finally {
    await local.release();
    await deps.uploadFiles.remove(uploadId);
    await updateUpload(deps.db, uploadId, { status: 'skipped' });
  }
}

/** A custom cover that nothing points at any more. */
const customCoverOf = (track: TrackRow) =>
  track.coverKey && track.coverKey !== track.embeddedCoverKey ? track.coverKey : null;

/**
 * Sets a track's cover from an uploaded image (editors and above), or, with no upload, goes back
 * to the cover embedded in the file.
 */
export async function setTrackCover(
  deps: Deps,
  viewer: RoomViewer,
  trackId: TrackId,
  uploadId: string | null,
): Promise<TrackSummary> {
  const { track } = await authorizeTrack(deps.db, viewer, trackId, 'tracks.manage');
  let coverKey = track.embeddedCoverKey;
  if (uploadId) {
    const webp = await coverFromUpload(deps, viewer, trackId, uploadId);
    coverKey = `covers/${trackId}-${Date.now()}.webp`;
    await deps.storage.putBuffer(coverKey, webp, 'image/webp');
  } else if (!track.embeddedCoverKey && !track.coverKey) {
    throw trackErrors.coverNotFound();
  }
  await updateTrackRow(deps.db, trackId, { coverKey, coverVersion: Date.now() });
  const previous = customCoverOf(track);
  if (previous && previous !== coverKey) await deps.storage.remove(previous).catch(() => undefined);
  const updated = await findTrack(deps.db, trackId);
  if (!updated) throw trackErrors.notFound();
  return trackSummary(updated);
}
