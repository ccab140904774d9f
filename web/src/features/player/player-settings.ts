import { local } from '../../lib/storage';

/** The listener's own player settings, kept in this browser (never sent to the room). */
export type PlayerSettings = { volume: number; muted: boolean; normalize: boolean };

const KEY = 'music-rooms:player';
const DEFAULTS: PlayerSettings = { volume: 0.8, muted: false, normalize: true };

function read(): PlayerSettings {
  try {
    const stored = JSON.parse(local.get(KEY) ?? '{}') as Partial<PlayerSettings>;
    return {
      volume:
        typeof stored.volume === 'number' && stored.volume >= 0 && stored.volume <= 1
          ? stored.volume
          : DEFAULTS.volume,
      muted: typeof stored.muted === 'boolean' ? stored.muted : DEFAULTS.muted,
      normalize: typeof stored.normalize === 'boolean' ? stored.normalize : DEFAULTS.normalize,
    };
  } catch {
    return DEFAULTS;
  }
}

let current: PlayerSettings | null = null;
const listeners = new Set<() => void>();

/** Volume, mute and "normalize volume", remembered in localStorage across rooms and visits. */
export const playerSettings = {
  get(): PlayerSettings {
    current ??= read();
    return current;
  },
  update(change: Partial<PlayerSettings>): void {
    current = { ...playerSettings.get(), ...change };
    local.set(KEY, JSON.stringify(current));
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
