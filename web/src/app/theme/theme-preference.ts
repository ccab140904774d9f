import type { ColorMode, Theme } from '@music-rooms/domain/limits';
import type { SafeStorage } from '../../lib/storage';

/**
 * The colour preference: a colour mode (follow the system, always light, always dark) and which
 * dark theme to use when dark (dark grey or pure black). public/theme-init.js applies the same
 * rules before the first paint; keep the two in step.
 */
export const COLOR_MODE_KEY = 'music-rooms:color-mode';
export const DARK_THEME_KEY = 'music-rooms:dark-theme';

export const DARK_THEMES = ['dark', 'black'] as const;
export type DarkTheme = (typeof DARK_THEMES)[number];

export type ThemePreference = { mode: ColorMode; darkTheme: DarkTheme };

export const DEFAULT_PREFERENCE: ThemePreference = { mode: 'system', darkTheme: 'dark' };

export function isColorMode(value: unknown): value is ColorMode {
  return value === 'system' || value === 'light' || value === 'dark';
}

export function isDarkTheme(value: unknown): value is DarkTheme {
  return value === 'dark' || value === 'black';
}

/** Reads stored values, falling back to the defaults for anything missing or unknown. */
export function parsePreference(mode: string | null, darkTheme: string | null): ThemePreference {
  return {
    mode: isColorMode(mode) ? mode : 'system',
    darkTheme: isDarkTheme(darkTheme) ? darkTheme : 'dark',
  };
}

/** The theme to show for a preference, given whether the system asks for dark colours. */
export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  const dark = preference.mode === 'dark' || (preference.mode === 'system' && systemDark);
  return dark ? preference.darkTheme : 'light';
}

export function readPreference(storage: SafeStorage): ThemePreference {
  return parsePreference(storage.get(COLOR_MODE_KEY), storage.get(DARK_THEME_KEY));
}

export function writePreference(storage: SafeStorage, preference: ThemePreference): void {
  storage.set(COLOR_MODE_KEY, preference.mode);
  storage.set(DARK_THEME_KEY, preference.darkTheme);
}
