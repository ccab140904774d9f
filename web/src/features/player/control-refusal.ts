import type { PlayerView } from '@music-rooms/domain/player';
import type { RoomDetails } from '@music-rooms/domain/rooms';

/**
 * Why this person's player controls are off, to say so beside them: they only listen (no role
 * that controls the player), or the room lets only its host control it and they are not the
 * host. Null when they may control, or while the player loads.
 */
export type ControlRefusal = 'viewOnly' | 'onlyHost' | null;

export function controlRefusal(room: RoomDetails, view: PlayerView | null): ControlRefusal {
  if (!view || view.canControl) return null;
  return room.capabilities.includes('player.control') && view.playbackControl === 'host'
    ? 'onlyHost'
    : 'viewOnly';
}
