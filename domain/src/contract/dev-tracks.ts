import { z } from 'zod';
import {
  DEV_TRACK_LIMITS,
  type DevDuplicates,
  type DevJobProgress,
  type DevLoudness,
} from '../dev-tracks';
import { roomIdSchema, trackIdSchema } from '../schemas/ids';
import { text } from '../schemas/text';
import { VALIDATION } from '../schemas/validation-keys';
import { action } from './define';

const search = text().trim().max(DEV_TRACK_LIMITS.searchMax, { message: VALIDATION.maxLength });

/**
 * The devTracks.* functions of /dev/duplicates and /dev/audio-normalize; "not found" for all but
 * super administrators. They reach the tracks of every room.
 */
export const DEV_TRACK_FUNCTIONS = {
  /** Duplicate groups of one room, or of every room (no roomId), by the upload duplicate rule. */
  'devTracks.duplicates': action(
    z.object({ roomId: roomIdSchema.optional() }),
  ).returns<DevDuplicates>(),
  /** Keeps one copy of a group and removes the others, as they are or merged into it. */
  'devTracks.resolveDuplicates': action(
    z.object({
      keepId: trackIdSchema,
      removeIds: z
        .array(trackIdSchema)
        .min(1, { message: VALIDATION.required })
        .max(DEV_TRACK_LIMITS.resolveMax),
      resolution: z.enum(['delete', 'merge']),
    }),
  ).returns<{ removed: number }>(),
  /** Ready tracks with their loudness, those never measured first, and the last re-measuring. */
  'devTracks.loudness': action(z.object({ search })).returns<DevLoudness>(),
  /** Measures one track again, or every ready track (no trackId), in background jobs. */
  'devTracks.measureLoudness': action(
    z.object({ trackId: trackIdSchema.optional() }),
  ).returns<DevJobProgress>(),
} as const;
