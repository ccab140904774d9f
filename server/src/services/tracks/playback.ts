import {
  DomainError,
  type PlaybackManifest,
  type RoomAccessArgs,
  type TrackId,
} from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import type { RoomViewer } from '../rooms/access';
import { authorizeTrack } from './access';
import { trackErrors } from './errors';
import { mediaFile, type MediaFile } from './media';
import type { PlaybackCopies } from './playback-copies';
import { findPlaybackCopy, type PlaybackCopyRow } from './playback-store';

type Deps = Pick<RequestDeps, 'db' | 'storage'> & { playback: PlaybackCopies };

/**
 * Where the copy's bytes are fetched: the version (so a rebuilt copy is a new address and a
 * cached range is never mixed with another copy's) and the caller's own room pass.
 */
function dataUrl(copy: PlaybackCopyRow, pass: RoomAccessArgs): string {
  const query = new URLSearchParams({ v: copy.version });
  if (pass.accessToken) query.set('accessToken', pass.accessToken);
  if (pass.session_id) query.set('session_id', pass.session_id);
  return `/api/tracks/${encodeURIComponent(copy.trackId)}/playback/data?${query}`;
}

const manifestOf = (copy: PlaybackCopyRow, pass: RoomAccessArgs): PlaybackManifest => ({
  version: copy.version,
  sampleRate: copy.sampleRate,
  channels: copy.channels,
  totalSamples: copy.totalSamples,
  headerBase64: copy.headerBase64,
  dataUrl: dataUrl(copy, pass),
  segments: copy.segments,
});

/**
 * How the player fetches and decodes a track in segments, for anyone who may view its room. A
 * ready track without a copy yet gets one now rather than a refusal.
 */
export async function playbackManifest(
  deps: Deps,
  viewer: RoomViewer,
  id: TrackId,
  pass: RoomAccessArgs,
): Promise<PlaybackManifest> {
  const { track } = await authorizeTrack(deps.db, viewer, id, 'room.view', pass);
  if (track.status !== 'ready' || !track.audioKey) throw trackErrors.notFound();
  const copy =
    (await findPlaybackCopy(deps.db, id)) ??
    (await deps.playback.ensure(id).catch((error: unknown) => {
      throw error instanceof DomainError ? error : trackErrors.playbackFailed();
    }));
  if (!copy) throw trackErrors.notFound();
  return manifestOf(copy, pass);
}

/**
 * The copy's bytes, for the same people. `current` when the caller named the copy's version,
 * so the answer may be cached for good; a version that is no longer the copy's is refused, as
 * its byte ranges would not match the caller's manifest.
 */
export async function playbackFile(
  deps: Deps,
  viewer: RoomViewer,
  id: TrackId,
  pass: RoomAccessArgs,
  version: string | undefined,
): Promise<{ file: MediaFile; current: boolean }> {
  await authorizeTrack(deps.db, viewer, id, 'room.view', pass);
  const copy = await findPlaybackCopy(deps.db, id);
  if (!copy) throw trackErrors.notFound();
  if (version !== undefined && version !== copy.version) throw trackErrors.playbackChanged();
  const file = await mediaFile(deps, copy.storageKey, 'audio/flac');
  if (!file) throw trackErrors.notFound();
  return { file, current: version === copy.version };
}
