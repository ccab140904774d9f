import { isVolume, storedSettings } from '../../lib/stored-settings';

/** The listener's own player settings, kept in this browser (never sent to the room). */
export type PlayerSettings = { volume: number; muted: boolean; normalize: boolean };

/** Volume, mute and "normalize volume", remembered in localStorage across rooms and visits. */
export const playerSettings = storedSettings<PlayerSettings>(
  'music-rooms:player',
  { volume: 0.8, muted: false, normalize: true },
  { checks: { volume: isVolume } },
);
