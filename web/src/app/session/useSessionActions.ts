import type { SessionUser } from '@music-rooms/domain/auth';
import { clearCachedUser, toCachedUser, writeCachedUser } from './cached-user';
import { forgetNewAccount } from './new-account';
import { deleteSession } from './session-api';
import { readSession, setSessionState } from './session-store';

/**
 * Takes the user a sign-in (or sign-out) answered. A read of the session still under way was
 * sent before the change and would answer the old state: it is dropped.
 */
async function setUser(user: SessionUser | null): Promise<void> {
  setSessionState({ user, answered: true });
  if (user) return writeCachedUser(toCachedUser(user));
  clearCachedUser();
  forgetNewAccount();
}

/** Logs out: the session and the cached user go (spec §4 Auth). */
async function signOut(): Promise<void> {
  await deleteSession();
  await setUser(null);
}

// `refresh` reads the session again (after a change made elsewhere: a popup, a profile save).
const actions = { setUser, refresh: readSession, signOut };

/** Ways to change the session from the client: after a sign-in, a refresh, or a sign-out. */
export function useSessionActions() {
  return actions;
}
