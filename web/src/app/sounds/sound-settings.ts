import { isVolume, storedSettings } from '../../lib/stored-settings';

/**
 * How this browser plays the interface sounds (whether to play them at all is the account's
 * "sound effects" setting): their volume, and whether they may sound over music that plays.
 */
export type SoundSettings = { volume: number; duringPlayback: boolean };

export const DEFAULT_SOUND_SETTINGS: SoundSettings = { volume: 0.5, duringPlayback: false };

/** The sound settings, remembered in localStorage like the player's volume, shared by tabs. */
export const soundSettings = storedSettings('music-rooms:sounds', DEFAULT_SOUND_SETTINGS, {
  checks: { volume: isVolume },
  acrossTabs: true,
});
