import { CACHED_USER_KEY } from '../../app/session/cached-user';
import { COLOR_MODE_KEY, DARK_THEME_KEY } from '../../app/theme/theme-preference';

/** Set just before the reload, so the reloaded page can say the cache was cleared. */
export const CACHE_CLEARED_KEY = 'music-rooms:cache-cleared';

/** Choices, not cache: the theme, and the cached user (the sign-in itself is a cookie and stays). */
const KEPT_KEYS = [COLOR_MODE_KEY, DARK_THEME_KEY, CACHED_USER_KEY];

type StorageLike = Pick<Storage, 'length' | 'key' | 'removeItem' | 'clear'>;

/** Removes every key of a storage except the kept ones. */
export function clearStorage(storage: StorageLike, kept: readonly string[] = []): void {
  if (kept.length === 0) return storage.clear();
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && !kept.includes(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Clears what the app keeps in this browser (local and session storage, cached responses,
 * service workers), except the session cookie and the theme, then reloads the page.
 */
export async function clearAppCache(): Promise<void> {
  clearStorage(window.localStorage, KEPT_KEYS);
  clearStorage(window.sessionStorage);
  if ('caches' in window) {
    const names = await window.caches.keys();
    await Promise.all(names.map((name) => window.caches.delete(name)));
  }
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  }
  window.sessionStorage.setItem(CACHE_CLEARED_KEY, '1');
  window.location.reload();
}
