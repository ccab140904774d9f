import { local } from '../../lib/storage';

/**
 * How this browser plays the interface sounds (whether to play them at all is the account's
 * "sound effects" setting): their volume, and whether they may sound over music that plays.
 */
export type SoundSettings = { volume: number; duringPlayback: boolean };

const KEY = 'music-rooms:sounds';
export const DEFAULT_SOUND_SETTINGS: SoundSettings = { volume: 0.5, duringPlayback: false };

function read(): SoundSettings {
  try {
    const stored = JSON.parse(local.get(KEY) ?? '{}') as Partial<SoundSettings>;
    const { volume, duringPlayback } = stored;
    return {
      volume:
        typeof volume === 'number' && volume >= 0 && volume <= 1
          ? volume
          : DEFAULT_SOUND_SETTINGS.volume,
      duringPlayback:
        typeof duringPlayback === 'boolean'
          ? duringPlayback
          : DEFAULT_SOUND_SETTINGS.duringPlayback,
    };
  } catch {
    return DEFAULT_SOUND_SETTINGS;
  }
}

let current: SoundSettings | null = null;
const listeners = new Set<() => void>();

// A change made in another tab (the settings screen beside an open room) applies here too.
window.addEventListener('storage', (event) => {
  if (event.key !== KEY && event.key !== null) return;
  current = read();
  listeners.forEach((listener) => listener());
});

/** The sound settings, remembered in localStorage like the player's volume, shared by tabs. */
export const soundSettings = {
  get(): SoundSettings {
    current ??= read();
    return current;
  },
  update(change: Partial<SoundSettings>): void {
    current = { ...soundSettings.get(), ...change };
    local.set(KEY, JSON.stringify(current));
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
