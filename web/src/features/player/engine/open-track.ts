import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { openSegmentSource } from './segment-source';
import type { OpenTrack } from './track-source';

/** Opens tracks of the room with the tab's pass (a password room's stranger needs it). */
export function trackOpener(pass: RoomAccessArgs): OpenTrack {
  return (context, trackId, signal) => openSegmentSource(context, trackId, pass, signal);
}
