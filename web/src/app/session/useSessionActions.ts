import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@music-rooms/domain/auth';
import { clearCachedUser, writeCachedUser } from './cached-user';
import { SESSION_QUERY_KEY, deleteSession, type SessionState } from './session-api';
import { toCachedUser } from './session-user';

/** Ways to change the session from the client: after a sign-in, a refresh, or a sign-out. */
export function useSessionActions() {
  const queryClient = useQueryClient();

  /**
   * Takes the user a sign-in (or sign-out) answered. A read of the session still under way was
   * sent before the change and would answer the old state: it is cancelled first.
   */
  const setUser = useCallback(
    async (user: SessionUser | null) => {
      await queryClient.cancelQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
      queryClient.setQueryData<SessionState>(SESSION_QUERY_KEY, { user, answered: true });
      if (user) writeCachedUser(toCachedUser(user));
      else clearCachedUser();
    },
    [queryClient],
  );

  /** Reads the session again (after a change made elsewhere: a popup, a profile save). */
  const refresh = useCallback(
    () => queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true }),
    [queryClient],
  );

  /** Logs out: the session and the cached user go (spec §4 Auth). */
  const signOut = useCallback(async () => {
    await deleteSession();
    await setUser(null);
  }, [setUser]);

  return useMemo(() => ({ setUser, refresh, signOut }), [setUser, refresh, signOut]);
}
