import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@music-rooms/domain/auth';
import { SESSION_QUERY_KEY, fetchSession } from './session-api';

/** The session query: read once, again when the window regains focus, never retried. */
export const sessionQuery = {
  queryKey: SESSION_QUERY_KEY,
  queryFn: fetchSession,
  retry: false,
  staleTime: 30_000,
  refetchOnWindowFocus: true,
} as const;

export type Session = {
  /** The signed-in user, or null for a guest (and while the session is being read). */
  user: SessionUser | null;
  /** True until the first answer (or failure) of GET /api/_auth/session. */
  loading: boolean;
};

/** Who is signed in, from GET /api/_auth/session (shared by every component). */
export function useSession(): Session {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data?.user ?? null, loading: isPending };
}
