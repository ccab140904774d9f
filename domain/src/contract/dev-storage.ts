import { z } from 'zod';
import {
  DEV_STORAGE_LIMITS,
  type DevCorsProbe,
  type DevObjectPage,
  type DevPresigned,
  type DevStorageInfo,
} from '../dev-storage';
import { text } from '../schemas/text';
import { VALIDATION } from '../schemas/validation-keys';
import { action } from './define';

const key = text()
  .min(1, { message: VALIDATION.required })
  .max(DEV_STORAGE_LIMITS.prefixMax, { message: VALIDATION.maxLength });

/**
 * The devStorage.* functions of /dev/debug-r2 and /dev/s3-cors-test; uploads and downloads
 * go through `/api/dev/storage/objects`. Everyone but a super administrator is told "not found".
 */
export const DEV_STORAGE_FUNCTIONS = {
  'devStorage.info': action(z.object({})).returns<DevStorageInfo>(),
  'devStorage.list': action(
    z.object({
      prefix: text().max(DEV_STORAGE_LIMITS.prefixMax, { message: VALIDATION.maxLength }),
      after: key.nullable().default(null),
    }),
  ).returns<DevObjectPage>(),
  'devStorage.presign': action(z.object({ key })).returns<DevPresigned>(),
  /** Deletes an object the page stored (under `dev/`); the app's own objects are refused. */
  'devStorage.remove': action(z.object({ key })).returns<{ removed: true }>(),
  /** A real stored object to fetch from the browser: a track's audio, else one stored for it. */
  'devStorage.corsProbe': action(z.object({})).returns<DevCorsProbe>(),
} as const;
