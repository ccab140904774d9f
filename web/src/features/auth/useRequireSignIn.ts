import { useCallback } from 'react';
import { openAuthDialog } from '../../app/dialogs/dialog-store';
import { useSession } from '../../app/session/useSession';

/**
 * For actions that need an account (spec §6: a guest is prompted to log in for actions).
 * Answers true when someone is signed in; for a guest it opens the sign-in dialog, saying why,
 * and answers false:
 *
 *   const requireSignIn = useRequireSignIn();
 *   const onFavourite = () => requireSignIn() && toggleFavourite();
 */
export function useRequireSignIn(): () => boolean {
  const { user } = useSession();
  return useCallback(() => {
    if (user) return true;
    openAuthDialog('signIn', 'required');
    return false;
  }, [user]);
}
