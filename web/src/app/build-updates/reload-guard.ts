import { LIMITS } from '@music-rooms/domain/limits';
import type { SafeStorage } from '../../lib/storage';

/** When the page last reloaded itself after a chunk failed to load (session storage). */
export const RELOAD_GUARD_KEY = 'music-rooms:chunk-reload-at';

export type ReloadGuardOptions = {
  storage: SafeStorage;
  now: () => number;
  reload: () => void;
  guardMs?: number;
};

export type ReloadGuard = {
  /** Reloads unless the page already did so within the guard time; true when reloading. */
  reloadOnce(): boolean;
};

/**
 * A chunk that fails to load usually means a new build replaced the old files: one reload
 * fetches the new ones. The time of that reload is kept so that a chunk that keeps failing
 * shows the error page instead of reloading in a loop.
 */
export function createReloadGuard(options: ReloadGuardOptions): ReloadGuard {
  const { storage, now, reload, guardMs = LIMITS.reloadGuardMs } = options;
  let reloading = false;
  return {
    reloadOnce() {
      if (reloading) return true;
      const time = now();
      const last = Number(storage.get(RELOAD_GUARD_KEY));
      if (last > 0 && time >= last && time - last < guardMs) return false;
      // Without storage the guard could not stop a loop, so it does not reload at all.
      if (!storage.set(RELOAD_GUARD_KEY, String(time))) return false;
      reloading = true;
      reload();
      return true;
    },
  };
}
