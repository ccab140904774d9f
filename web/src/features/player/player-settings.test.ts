// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

const KEY = 'music-rooms:player';

/** The settings module as a page that has just loaded finds it (nothing read yet). */
async function freshSettings() {
  vi.resetModules();
  const { playerSettings } = await import('./player-settings');
  return playerSettings;
}

afterEach(() => localStorage.clear());

describe('player settings (volume, mute, normalize volume)', () => {
  it('are read back from localStorage by the next page', async () => {
    (await freshSettings()).update({ volume: 0.25, muted: true, normalize: false });

    expect((await freshSettings()).get()).toEqual({ volume: 0.25, muted: true, normalize: false });
  });

  it('fall back to 80 %, sound on and normalized, one by one, for what is missing or wrong', async () => {
    localStorage.setItem(KEY, JSON.stringify({ volume: 3, muted: 'yes', normalize: false }));
    expect((await freshSettings()).get()).toEqual({ volume: 0.8, muted: false, normalize: false });

    localStorage.setItem(KEY, '{not json');
    expect((await freshSettings()).get()).toEqual({ volume: 0.8, muted: false, normalize: true });
  });
});
