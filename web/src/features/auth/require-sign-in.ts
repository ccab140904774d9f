import type { SessionUser } from '@music-rooms/domain/auth';
import { openAuthDialog } from '../../app/dialogs/dialog-store';
import { sessionAnswer, sessionState } from '../../app/session/session-store';

/**
 * For actions that need an account (spec §6: a guest is prompted to log in for actions). Runs
 * the action for the signed-in user; for a guest it opens the sign-in dialog, saying why:
 *
 *   const onFavourite = () => requireSignIn((user) => toggleFavourite(user));
 *
 * A click before the session has answered (a page just opened) waits for the answer: a
 * signed-in person is not asked to sign in because the page did not know them yet.
 */
export function requireSignIn(action: (user: SessionUser) => void): void {
  const known = sessionState();
  if (known) return actFor(known.user, action);
  void sessionAnswer().then((answer) => actFor(answer.user, action));
}

function actFor(user: SessionUser | null, action: (user: SessionUser) => void): void {
  if (user) action(user);
  else openAuthDialog('signIn', 'required');
}
