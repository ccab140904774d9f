import { ACCOUNT_ROUTES, type AnswerOf } from '@music-rooms/domain/account-routes';
import type { SessionUser } from '@music-rooms/domain/auth';
import { authRequest } from './auth-api';

/**
 * GET /api/_auth/session (spec §7): accepts JSON, is not retried, and answers null on failure.
 * `answered` tells a real "nobody is signed in" from a session that could not be read.
 */
export type SessionState = { user: SessionUser | null; answered: boolean };

export async function fetchSession({
  signal,
}: { signal?: AbortSignal } = {}): Promise<SessionState> {
  try {
    const response = await fetch(ACCOUNT_ROUTES.session.path, {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      signal,
    });
    if (!response.ok) return { user: null, answered: false };
    const body = (await response.json()) as Partial<AnswerOf<typeof ACCOUNT_ROUTES.session>> | null;
    return { user: body?.user ?? null, answered: true };
  } catch (error) {
    // A read cancelled because the session changed meanwhile must not answer at all.
    if (signal?.aborted) throw error;
    return { user: null, answered: false };
  }
}

/** DELETE /api/_auth/session: ends the session and clears its cookie. */
export function deleteSession() {
  return authRequest(ACCOUNT_ROUTES.signOut);
}
