import { local } from './storage';

type Flat = Record<string, number | boolean>;

export type StoredSettings<T extends Flat> = {
  get(): T;
  update(change: Partial<T>): void;
  subscribe(listener: () => void): () => void;
};

/** A volume is a share of full: 0…1. */
export const isVolume = (value: number) => value >= 0 && value <= 1;

/**
 * Settings this browser keeps for itself in localStorage under one key. Each stored field is
 * taken only when it has its default's kind (and passes its check, if it has one); anything
 * else, or unreadable storage, gives the default. With `acrossTabs`, a change made in another
 * tab (the settings screen beside an open room) applies here too.
 */
export function storedSettings<T extends Flat>(
  key: string,
  defaults: T,
  options: { checks?: { [K in keyof T]?: (value: T[K]) => boolean }; acrossTabs?: boolean } = {},
): StoredSettings<T> {
  const read = (): T => {
    try {
      const stored = JSON.parse(local.get(key) ?? '{}') as Partial<T>;
      const fields = Object.keys(defaults).map((field: keyof T) => {
        const value = stored[field];
        const check = options.checks?.[field];
        const fits =
          typeof value === typeof defaults[field] && (!check || check(value as T[keyof T]));
        return [field, fits ? value : defaults[field]];
      });
      return Object.fromEntries(fields) as T;
    } catch {
      return defaults;
    }
  };
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const tell = () => listeners.forEach((listener) => listener());
  // Follows other tabs from the first use on, so that merely importing the store needs no window.
  let following = !options.acrossTabs;
  const followOtherTabs = () => {
    if (following) return;
    following = true;
    window.addEventListener('storage', (event) => {
      if (event.key !== key && event.key !== null) return;
      current = read();
      tell();
    });
  };
  const settings: StoredSettings<T> = {
    get() {
      followOtherTabs();
      current ??= read();
      return current;
    },
    update(change) {
      current = { ...settings.get(), ...change };
      local.set(key, JSON.stringify(current));
      tell();
    },
    subscribe(listener) {
      followOtherTabs();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return settings;
}
