import { useSyncExternalStore } from 'react';
import { readCachedUser, subscribeCachedUser, toCachedUser, type CachedUser } from './cached-user';
import { useSession } from './useSession';

/**
 * Who the header shows: the session's user once it answered; before that the copy cached on the
 * device, so a returning user does not see "Guest" flash by.
 */
export function useViewer(): CachedUser | null {
  const { user, loading } = useSession();
  const cached = useSyncExternalStore(subscribeCachedUser, readCachedUser);
  if (loading) return cached;
  return user ? toCachedUser(user) : null;
}

/**
 * Whether the viewer is a super administrator (developer pages, SUPER ADMIN badge): the session
 * decides; the cached flag only bridges the moment before it answers.
 */
export function useIsSuperAdmin(): boolean {
  return useViewer()?.superadmin ?? false;
}
