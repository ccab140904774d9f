import type { RoomId, TrackId } from '@music-rooms/domain/ids';
import type { DevDuplicateResolution } from '@music-rooms/domain/dev-tracks';
import { callAction } from '../../../lib/api/functions';

/** The devTracks.* calls of /dev/duplicates. */

export const readDuplicates = (roomId: RoomId | null) =>
  callAction('devTracks.duplicates', roomId ? { roomId } : {});

export const resolveDuplicates = (
  keepId: TrackId,
  removeIds: TrackId[],
  resolution: DevDuplicateResolution,
) => callAction('devTracks.resolveDuplicates', { keepId, removeIds, resolution });
