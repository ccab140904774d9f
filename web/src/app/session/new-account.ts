import { useSyncExternalStore } from 'react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { session } from '../../lib/storage';

/**
 * The account signed up in this tab: the home page welcomes it rather than welcoming it back,
 * through reloads, until the tab closes, someone signs in or the account signs out
 * (sessionStorage is per tab).
 */
const NEW_ACCOUNT_KEY = 'music-rooms:new-account';
const listeners = new Set<() => void>();

/** Records who just signed up; a sign-in (not new) forgets it. */
export function rememberSignedIn(user: SessionUser, isNew: boolean): void {
  if (isNew) session.set(NEW_ACCOUNT_KEY, user.id);
  else session.remove(NEW_ACCOUNT_KEY);
  for (const listener of listeners) listener();
}

/** After a sign-out, whoever comes next to this tab is back, not new. */
export function forgetNewAccount(): void {
  session.remove(NEW_ACCOUNT_KEY);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The id of the account signed up in this tab, or null. */
export function useNewAccountId(): string | null {
  return useSyncExternalStore(subscribe, () => session.get(NEW_ACCOUNT_KEY));
}
