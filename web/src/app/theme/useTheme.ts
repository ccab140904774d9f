import { useSyncExternalStore } from 'react';
import type { ColorMode } from '@music-rooms/domain/limits';
import { themeController } from './theme-controller';
import type { DarkTheme } from './theme-preference';

/** The current colour preference and resolved theme, with setters that persist the choice. */
export function useTheme() {
  const state = useSyncExternalStore(themeController.subscribe, themeController.getState);
  const { preference } = state;
  return {
    ...state,
    setMode: (mode: ColorMode) => themeController.setPreference({ ...preference, mode }),
    // Picking a dark theme while the light one is forced means "show me that theme".
    setDarkTheme: (darkTheme: DarkTheme) =>
      themeController.setPreference({
        mode: preference.mode === 'light' ? 'dark' : preference.mode,
        darkTheme,
      }),
  };
}
