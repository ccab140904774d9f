import type { Readable } from 'node:stream';
import type { RoomAccessArgs, TrackId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import type { ByteRange, StoredObject } from '../../storage';
import type { RoomViewer } from '../rooms/access';
import { authorizeTrack } from './access';
import { trackErrors } from './errors';
import type { TrackRow } from './store';

type Deps = Pick<RequestDeps, 'db' | 'storage'>;

/** A stored file a viewer of the room may fetch: where it is, what it is, and its validator. */
export type MediaFile = {
  key: string;
  contentType: string;
  stored: StoredObject;
  read: (range?: ByteRange) => Promise<Readable>;
  /** On S3: a short-lived address to send the browser to instead of streaming through us. */
  presignedUrl: (() => Promise<string>) | null;
};

const PRESIGNED_TTL_S = 300;

/** A stored object as a MediaFile, or null when there is none at the key. */
export async function mediaFile(
  deps: Deps,
  key: string | null,
  contentType: string | null,
): Promise<MediaFile | null> {
  const stored = key ? await deps.storage.stat(key) : null;
  if (!key || !stored) return null;
  const { storage } = deps;
  return {
    key,
    contentType: contentType ?? 'application/octet-stream',
    stored,
    read: (range?: ByteRange) => storage.read(key, range),
    presignedUrl: storage.presignedUrl ? () => storage.presignedUrl!(key, PRESIGNED_TTL_S) : null,
  } satisfies MediaFile;
}

const FILES = {
  audio: {
    key: (t: TrackRow) => t.audioKey,
    type: (t: TrackRow) => t.mime,
    missing: trackErrors.notFound,
  },
  cover: {
    key: (t: TrackRow) => t.coverKey,
    type: () => 'image/webp',
    missing: trackErrors.coverNotFound,
  },
} as const;

/**
 * A track's audio, or its cover (512×512 WebP), for anyone who may view its room (password
 * rooms: with the tab's pass).
 */
export async function trackFile(
  deps: Deps,
  viewer: RoomViewer,
  id: TrackId,
  pass: RoomAccessArgs,
  which: keyof typeof FILES,
): Promise<MediaFile> {
  const { track } = await authorizeTrack(deps.db, viewer, id, 'room.view', pass);
  const kind = FILES[which];
  const file = await mediaFile(deps, kind.key(track), kind.type(track));
  if (!file) throw kind.missing();
  return file;
}
