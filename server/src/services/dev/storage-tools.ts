import type { Readable } from 'node:stream';
import {
  DEV_STORAGE_ERRORS as KEYS,
  DEV_STORAGE_LIMITS as LIMITS,
  DomainError,
  devUploadKey,
  type DevCorsProbe,
  type DevObjectPage,
  type DevPresigned,
  type DevStorageInfo,
  type DevStoredObject,
} from '@music-rooms/domain';
import { storageOrigin, type StoredObject } from '../../storage';
import { isStorageKey } from '../../storage/keys';
import type { RequestDeps } from '../deps';
import { newestTrackAudioKey } from './probe-store';

/**
 * The object storage tools of the developer pages: what runs, list, store, read, presign and
 * delete. The callers (functions and routes) check the super administrator first.
 */

type Deps = Pick<RequestDeps, 'db' | 'config' | 'storage'>;

const errors = {
  notOwnObject: () => new DomainError('forbidden', KEYS.notOwnObject),
  objectMissing: () => new DomainError('not_found', KEYS.objectMissing),
  invalidKey: () => new DomainError('invalid_args', KEYS.invalidKey, { field: 'key' }),
  tooLarge: () =>
    new DomainError('too_large', KEYS.tooLarge, { mb: LIMITS.uploadMaxBytes / 1024 / 1024 }),
};

function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw errors.invalidKey();
  return key;
}

const viewOf = (key: string, object: StoredObject): DevStoredObject => ({
  key,
  size: object.size,
  etag: object.etag,
  lastModified: object.lastModified.getTime(),
});

export async function storageInfo(deps: Pick<Deps, 'config'>): Promise<DevStorageInfo> {
  const { config } = deps;
  const s3 = config.storage === 's3';
  return {
    kind: config.storage,
    bucket: s3 ? config.s3.bucket : null,
    endpoint: s3 ? config.s3.endpoint : null,
    region: s3 ? config.s3.region : null,
    publicUrl: s3 ? config.s3.publicUrl : null,
    presignedOrigin: await storageOrigin(config),
  };
}

export async function listObjects(
  deps: Deps,
  prefix: string,
  after: string | null,
): Promise<DevObjectPage> {
  const page = await deps.storage.list(prefix, { after, limit: LIMITS.pageSize });
  return { objects: page.objects.map((object) => viewOf(object.key, object)), next: page.next };
}

export async function presignObject(deps: Deps, key: string): Promise<DevPresigned> {
  const { storage } = deps;
  if (!(await storage.stat(checkedKey(key)))) throw errors.objectMissing();
  const url = storage.presignedUrl ? await storage.presignedUrl(key, LIMITS.presignSeconds) : null;
  return { key, url, expiresInSeconds: LIMITS.presignSeconds };
}

/** Only what this page stored may be deleted from it: the app's objects belong to tracks. */
export async function removeObject(deps: Deps, key: string): Promise<void> {
  if (!checkedKey(key).startsWith(LIMITS.uploadPrefix)) throw errors.notOwnObject();
  await deps.storage.remove(key);
}

export async function storeUpload(
  deps: Deps,
  fileName: string,
  bytes: Buffer,
  contentType: string,
): Promise<DevStoredObject> {
  if (bytes.length > LIMITS.uploadMaxBytes) throw errors.tooLarge();
  const key = devUploadKey(fileName);
  return viewOf(key, await deps.storage.putBuffer(key, bytes, contentType));
}

export async function readObject(
  deps: Deps,
  key: string,
): Promise<{ object: DevStoredObject; body: Readable }> {
  const stored = await deps.storage.stat(checkedKey(key));
  if (!stored) throw errors.objectMissing();
  return { object: viewOf(key, stored), body: await deps.storage.read(key) };
}

/** What the probe stores when no track has audio yet: 64 KB, enough for a Range request. */
const PROBE_KEY = `${LIMITS.uploadPrefix}cors-probe.bin`;
const PROBE_BYTES = Buffer.alloc(64 * 1024, 0x5a);

export async function corsProbe(deps: Deps): Promise<DevCorsProbe> {
  const trackKey = await newestTrackAudioKey(deps.db);
  const stored = trackKey ? await deps.storage.stat(trackKey) : null;
  const key = stored ? trackKey! : PROBE_KEY;
  const object =
    stored ?? (await deps.storage.putBuffer(PROBE_KEY, PROBE_BYTES, 'application/octet-stream'));
  const presigned = await presignObject(deps, key);
  return { ...presigned, fromTrack: Boolean(stored), size: object.size };
}
