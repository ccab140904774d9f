import type { Theme } from '@music-rooms/domain/limits';
import { local } from '../../lib/storage';
import {
  COLOR_MODE_KEY,
  DARK_THEME_KEY,
  readPreference,
  resolveTheme,
  writePreference,
  type ThemePreference,
} from './theme-preference';

export type ThemeState = { preference: ThemePreference; theme: Theme };

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Keeps data-theme on <html> in step with the saved preference, the system colour scheme (live)
 * and choices made in other tabs.
 */
function createThemeController() {
  let preference = readPreference(local);
  let state: ThemeState = { preference, theme: resolveTheme(preference, systemDark()) };
  const listeners = new Set<() => void>();

  function update() {
    const theme = resolveTheme(preference, systemDark());
    if (theme === state.theme && preference === state.preference) return;
    state = { preference, theme };
    applyTheme(theme);
    for (const listener of listeners) listener();
  }

  window.matchMedia?.(DARK_QUERY).addEventListener('change', update);
  window.addEventListener('storage', (event) => {
    if (event.key !== COLOR_MODE_KEY && event.key !== DARK_THEME_KEY && event.key !== null) return;
    preference = readPreference(local);
    update();
  });
  applyTheme(state.theme);

  return {
    getState: () => state,
    setPreference(next: ThemePreference) {
      preference = next;
      writePreference(local, next);
      update();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function systemDark(): boolean {
  return window.matchMedia?.(DARK_QUERY).matches ?? false;
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  // The browser chrome (mobile address bar) takes the page background of the theme.
  const background = getComputedStyle(root).getPropertyValue('--color-bg').trim();
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta && background) meta.setAttribute('content', background);
}

export const themeController = createThemeController();
