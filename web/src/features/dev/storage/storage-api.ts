import type { DevStoredObject } from '@music-rooms/domain/dev-storage';
import { callAction } from '../../../lib/api/functions';
import { FunctionCallError } from '../../../lib/api/function-call-error';

/** The devStorage.* calls, and the two transfers that go by their own address. */

const OBJECTS = '/api/dev/storage/objects';

export const storageInfo = () => callAction('devStorage.info', {});
export const listObjects = (prefix: string, after: string | null) =>
  callAction('devStorage.list', { prefix, after });
export const presignObject = (key: string) => callAction('devStorage.presign', { key });
export const removeObject = (key: string) => callAction('devStorage.remove', { key });
export const corsProbe = () => callAction('devStorage.corsProbe', {});

/** Where the browser downloads an object from (the server reads it from the store). */
export const downloadUrl = (key: string) => `${OBJECTS}?key=${encodeURIComponent(key)}`;

/** Sends a file's bytes to be stored under `dev/`. */
export async function uploadObject(file: File): Promise<DevStoredObject> {
  const response = await fetch(`${OBJECTS}?name=${encodeURIComponent(file.name)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as
    (DevStoredObject & { code?: string; key?: string; message?: string }) | null;
  if (response.ok && body) return body;
  throw new FunctionCallError(body?.code ?? `http_${response.status}`, body?.message ?? '', {
    code: body?.code ?? `http_${response.status}`,
    key: body?.key ?? '',
  });
}
