import { useSyncExternalStore } from 'react';
import { readCachedUser, subscribeCachedUser, type CachedUser } from './cached-user';

/** The cached copy of the signed-in user, or null for a guest. */
export function useCachedUser(): CachedUser | null {
  return useSyncExternalStore(subscribeCachedUser, readCachedUser);
}
