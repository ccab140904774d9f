import { useEffect, useRef } from 'react';
import { useRealtimeClient } from '../../lib/realtime/realtime-context';
import {
  clearCachedUser,
  readCachedUser,
  sameCachedUser,
  toCachedUser,
  writeCachedUser,
} from './cached-user';
import { useSessionState } from './useSession';
import { signedInPersonChanged } from './user-change';

/**
 * Keeps the device in step with the session: the cached user follows every answer (written on
 * sign-in and refresh, cleared when nobody is signed in), and when the signed-in person changes
 * the realtime connection starts over as them and data read as the previous person is read again.
 */
export function useSessionSync(): void {
  const data = useSessionState();
  const realtime = useRealtimeClient();
  const previousUserId = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (!data?.answered) return;
    const next = data.user ? toCachedUser(data.user) : null;
    if (sameCachedUser(readCachedUser(), next)) return;
    if (next) writeCachedUser(next);
    else clearCachedUser();
  }, [data]);

  const userId = data?.answered ? (data.user?.id ?? null) : undefined;
  useEffect(() => {
    if (userId === undefined) return;
    const previous = previousUserId.current;
    previousUserId.current = userId;
    if (previous === undefined || previous === userId) return;
    realtime.reconnect();
    signedInPersonChanged();
  }, [userId, realtime]);
}
