import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { COLOR_MODES } from '@music-rooms/domain/limits';
import {
  COLOR_MODE_KEY,
  DARK_THEME_KEY,
  DARK_THEMES,
  parsePreference,
  resolveTheme,
} from './theme-preference';

const script = fs.readFileSync(new URL('../../../public/theme-init.js', import.meta.url), 'utf8');

/** Runs public/theme-init.js as the browser would before the first paint; returns data-theme. */
function runThemeInit(stored: Record<string, string>, systemDark: boolean): string | null {
  const attributes = new Map<string, string>();
  const window = {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    matchMedia: (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && systemDark,
    }),
  };
  const document = {
    documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) },
  };
  vm.runInNewContext(script, { window, document });
  return attributes.get('data-theme') ?? null;
}

describe('theme', () => {
  it('resolves the colour mode and dark style to light, dark or black', () => {
    expect(resolveTheme({ mode: 'light', darkTheme: 'black' }, true)).toBe('light');
    expect(resolveTheme({ mode: 'dark', darkTheme: 'dark' }, false)).toBe('dark');
    expect(resolveTheme({ mode: 'dark', darkTheme: 'black' }, false)).toBe('black');
    expect(resolveTheme({ mode: 'system', darkTheme: 'black' }, true)).toBe('black');
    expect(resolveTheme({ mode: 'system', darkTheme: 'black' }, false)).toBe('light');
  });

  it('falls back to following the system with the dark grey style', () => {
    expect(parsePreference(null, null)).toEqual({ mode: 'system', darkTheme: 'dark' });
    expect(parsePreference('sepia', 'white')).toEqual({ mode: 'system', darkTheme: 'dark' });
  });

  it('applies before the first paint exactly what the app applies', () => {
    const modes = [...COLOR_MODES, null, 'sepia'];
    const darkThemes = [...DARK_THEMES, null, 'white'];
    for (const mode of modes) {
      for (const darkTheme of darkThemes) {
        for (const systemDark of [false, true]) {
          const stored: Record<string, string> = {};
          if (mode) stored[COLOR_MODE_KEY] = mode;
          if (darkTheme) stored[DARK_THEME_KEY] = darkTheme;
          const expected = resolveTheme(parsePreference(mode, darkTheme), systemDark);
          expect(runThemeInit(stored, systemDark), `${mode}/${darkTheme}/${systemDark}`).toBe(
            expected,
          );
        }
      }
    }
  });

  it('still applies a theme when storage is switched off', () => {
    const window = {
      get localStorage(): never {
        throw new Error('SecurityError');
      },
      matchMedia: () => ({ matches: true }),
    };
    const attributes = new Map<string, string>();
    const document = {
      documentElement: { setAttribute: (n: string, v: string) => attributes.set(n, v) },
    };
    vm.runInNewContext(script, { window, document });
    expect(attributes.get('data-theme')).toBe('dark');
  });
});
