import { isVolume, storedSettings } from '../../lib/stored-settings';

/**
 * The listener's own player settings, kept in this browser (never sent to the room). Plain
 * TypeScript: the early player (early-player.ts) reads them before React is in; the page
 * follows them with `usePlayerSettings`.
 */
export type PlayerSettings = { volume: number; muted: boolean; normalize: boolean };

/** Volume, mute and "normalize volume", remembered in localStorage across rooms and visits. */
export const playerSettings = storedSettings<PlayerSettings>(
  'music-rooms:player',
  { volume: 0.8, muted: false, normalize: true },
  { checks: { volume: isVolume } },
);

/**
 * Whether this page makes no sound: muted, or its volume at zero. A silent page plays none of
 * the room's sounds either (test clicks, calibration chirps), as a person who muted it expects.
 */
export const isSilent = ({ muted, volume }: PlayerSettings) => muted || volume === 0;
