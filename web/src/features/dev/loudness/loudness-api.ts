import type { TrackId } from '@music-rooms/domain/ids';
import { callAction } from '../../../lib/api/functions';

/** The devTracks.* calls of /dev/audio-normalize. */

export const readLoudness = (search: string) => callAction('devTracks.loudness', { search });

export const measureAgain = (trackId: TrackId | null) =>
  callAction('devTracks.measureLoudness', trackId ? { trackId } : {});
