import { useSyncExternalStore } from 'react';
import { playerSettings, type PlayerSettings } from './player-settings';

/** The player settings, followed as they change (in this tab or another). */
export function usePlayerSettings(): PlayerSettings {
  return useSyncExternalStore(playerSettings.subscribe, playerSettings.get);
}
