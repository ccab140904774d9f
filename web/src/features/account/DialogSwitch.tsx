import { useEffect } from 'react';
import { AccountDialog } from './AccountDialog';
import { EditProfileDialog } from './EditProfileDialog';
import { PasswordDialog } from './PasswordDialog';
import { AuthDialog } from '../auth/AuthDialog';
import { ForgotPasswordDialog } from '../auth/ForgotPasswordDialog';
import { useSession } from '../../app/session/useSession';
import { closeDialog, openDialog, type AppDialog } from '../../app/dialogs/dialog-store';

type DialogSwitchProps = { dialog: AppDialog };

const backToAccount = () => openDialog({ kind: 'account' });

/** A saved profile opened from the Account dialog goes back there; from elsewhere, it closes. */
const doneWithProfile = (dialog: Extract<AppDialog, { kind: 'editProfile' }>) =>
  dialog.returnTo === 'account' ? backToAccount : closeDialog;

/**
 * The open app dialog: sign in / sign up and forgot password (features/auth), account, profile and
 * password (here). It lives with the features it shows; the shell hands it to app/dialogs.
 * Account dialogs need a signed-in user and close when there is none.
 */
export function DialogSwitch({ dialog }: DialogSwitchProps) {
  const { user, loading } = useSession();
  const needsUser =
    dialog.kind === 'account' || dialog.kind === 'editProfile' || dialog.kind === 'password';

  useEffect(() => {
    if (needsUser && !loading && !user) closeDialog();
  }, [needsUser, loading, user]);

  switch (dialog.kind) {
    case 'auth':
      return <AuthDialog tab={dialog.tab} reason={dialog.reason} />;
    case 'forgotPassword':
      return <ForgotPasswordDialog emailOrUsername={dialog.emailOrUsername} />;
    case 'account':
      return user && <AccountDialog user={user} />;
    case 'editProfile':
      return user && <EditProfileDialog user={user} onDone={doneWithProfile(dialog)} />;
    case 'password':
      return user && <PasswordDialog user={user} />;
  }
}
