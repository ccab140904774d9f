/**
 * The object storage as the developer pages see it (spec §2 /dev/debug-r2 and
 * /dev/s3-cors-test): which store runs, its objects a page at a time, and a presigned address
 * the browser fetches as the player does. A super administrator's only.
 */

export const DEV_STORAGE_LIMITS = {
  pageSize: 50,
  prefixMax: 512,
  /** Files the page uploads go under this prefix, apart from the app's own objects. */
  uploadPrefix: 'dev/',
  uploadMaxBytes: 50 * 1024 * 1024,
  /** Presigned addresses the pages hand out live this long. */
  presignSeconds: 300,
} as const;

/** Which store the settings name, and where; never a secret. */
export type DevStorageInfo = {
  kind: 'local' | 's3';
  bucket: string | null;
  endpoint: string | null;
  region: string | null;
  /** Where browsers reach the bucket when not at the endpoint (S3_PUBLIC_URL). */
  publicUrl: string | null;
  /** The origin presigned addresses point to, which the page's Content-Security-Policy allows. */
  presignedOrigin: string | null;
};

export type DevStoredObject = {
  key: string;
  size: number;
  etag: string;
  /** Epoch milliseconds. */
  lastModified: number;
};

export type DevObjectPage = { objects: DevStoredObject[]; next: string | null };

/** A presigned GET of one object; null where the store has none (local). */
export type DevPresigned = { key: string; url: string | null; expiresInSeconds: number };

/** What the CORS test fetches: a real stored object, presigned. */
export type DevCorsProbe = DevPresigned & {
  /** Whether the object is a track's audio (else one the page stored for the test). */
  fromTrack: boolean;
  size: number;
};

export const DEV_STORAGE_ERRORS = {
  notOwnObject: 'devStorage.errors.notOwnObject',
  objectMissing: 'devStorage.errors.objectMissing',
  invalidKey: 'devStorage.errors.invalidKey',
  tooLarge: 'devStorage.errors.tooLarge',
} as const;
type DevStorageErrorKey = (typeof DEV_STORAGE_ERRORS)[keyof typeof DEV_STORAGE_ERRORS];

export const DEV_STORAGE_ERROR_TEXT: Record<DevStorageErrorKey, string> = {
  'devStorage.errors.notOwnObject':
    'Only objects stored from this page (under dev/) can be deleted here; remove a track from its room',
  'devStorage.errors.objectMissing': 'There is no object with this key',
  'devStorage.errors.invalidKey': 'Not a key of this storage',
  'devStorage.errors.tooLarge': 'The file is larger than {{mb}} MB',
};

/** A file name as the part of a key it becomes: letters, digits, dot, dash and underscore. */
export function devUploadKey(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const safe = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 120);
  return `${DEV_STORAGE_LIMITS.uploadPrefix}${safe || 'file'}`;
}
