import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { sessionState, subscribeSession } from './session-store';
import type { SessionState } from './session-api';

export type Session = {
  /** The signed-in user, or null for a guest (and while the session is being read). */
  user: SessionUser | null;
  /** True until the first answer (or failure) of GET /api/_auth/session. */
  loading: boolean;
};

/** The session's latest answer, undefined until the first (shared by every component). */
export function useSessionState(): SessionState | undefined {
  return useSyncExternalStore(subscribeSession, sessionState);
}

/** Who is signed in, from GET /api/_auth/session (shared by every component). */
export function useSession(): Session {
  const data = useSessionState();
  return { user: data?.user ?? null, loading: data === undefined };
}
