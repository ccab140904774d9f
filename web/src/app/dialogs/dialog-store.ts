import { useSyncExternalStore } from 'react';

/**
 * The app-wide dialogs (spec §2): one at a time, opened from anywhere (the header, a page, a
 * guest's attempt at an action) and shown by AppDialogs in the page frame.
 */
export type AuthTab = 'signIn' | 'signUp';

export type AppDialog =
  | {
      kind: 'auth';
      tab: AuthTab;
      /** Shown above the form when the dialog opened because an action needs an account. */
      reason?: 'required';
    }
  | { kind: 'forgotPassword'; emailOrUsername?: string }
  | { kind: 'account' }
  /** From the Account dialog, a saved profile returns there (`returnTo: 'account'`). */
  | { kind: 'editProfile'; returnTo?: 'account' }
  | { kind: 'password' };

const listeners = new Set<() => void>();
let current: AppDialog | null = null;

export function openDialog(dialog: AppDialog): void {
  current = dialog;
  emit();
}

export function closeDialog(): void {
  if (current === null) return;
  current = null;
  emit();
}

/** Opens the sign-in / sign-up dialog. */
export function openAuthDialog(tab: AuthTab = 'signIn', reason?: 'required'): void {
  openDialog({ kind: 'auth', tab, reason });
}

export function getDialog(): AppDialog | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit() {
  for (const listener of listeners) listener();
}

/** The dialog open now, or null. */
export function useOpenDialog(): AppDialog | null {
  return useSyncExternalStore(subscribe, getDialog);
}
