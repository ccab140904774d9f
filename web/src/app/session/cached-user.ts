import type { SessionUser } from '@music-rooms/domain/auth';
import { local } from '../../lib/storage';

/**
 * A copy of the signed-in user kept in local storage (spec §3), so that the header and the
 * developer pages know who is here before the session answers. Cleared on logout.
 */
export type CachedUser = {
  name: string;
  /** A colour starting with # or an image data URL. */
  avatar: string;
  superadmin: boolean;
};

/** The part of the session user kept on the device (spec §3: name, avatar, superadmin). */
export function toCachedUser(user: SessionUser): CachedUser {
  return { name: user.name, avatar: user.avatar, superadmin: user.superadmin };
}

/** Whether two cached copies show the same person the same way. */
export function sameCachedUser(a: CachedUser | null, b: CachedUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.name === b.name && a.avatar === b.avatar && a.superadmin === b.superadmin;
}

export const CACHED_USER_KEY = 'music-rooms:user';

const listeners = new Set<() => void>();
let raw: string | null = null;
let parsed: CachedUser | null = null;

/** Reads a stored value; anything that is not a cached user counts as none. */
export function parseCachedUser(value: string | null): CachedUser | null {
  if (value === null) return null;
  try {
    const data = JSON.parse(value) as Partial<CachedUser> | null;
    if (typeof data?.name !== 'string' || typeof data.avatar !== 'string') return null;
    return { name: data.name, avatar: data.avatar, superadmin: data.superadmin === true };
  } catch {
    return null;
  }
}

/** The cached user; the same object until the stored value changes. */
export function readCachedUser(): CachedUser | null {
  const current = local.get(CACHED_USER_KEY);
  if (current !== raw) {
    raw = current;
    parsed = parseCachedUser(current);
  }
  return parsed;
}

export function writeCachedUser(user: CachedUser): void {
  local.set(CACHED_USER_KEY, JSON.stringify(user));
  notify();
}

export function clearCachedUser(): void {
  local.remove(CACHED_USER_KEY);
  notify();
}

/** Calls back when the cached user changes, in this tab or another. */
export function subscribeCachedUser(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key === CACHED_USER_KEY || event.key === null) notify();
}

function notify() {
  for (const listener of listeners) listener();
}
