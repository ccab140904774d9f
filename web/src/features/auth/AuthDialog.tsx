import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { closeDialog, openDialog, type AuthTab } from '../../app/dialogs/dialog-store';
import { AuthTabs } from './AuthTabs';
import { useWelcome } from './useWelcome';

type AuthDialogProps = { tab: AuthTab; reason?: 'required' };

/** The sign-in / sign-up dialog with tabs (spec §2). */
export function AuthDialog({ tab, reason }: AuthDialogProps) {
  const { t } = useTranslation();
  const welcome = useWelcome();
  return (
    <Dialog open onOpenChange={(open) => !open && closeDialog()}>
      <DialogContent
        title={tab === 'signUp' ? t('auth.signUpTitle') : t('auth.signInTitle')}
        description={tab === 'signUp' ? t('auth.signUpDescription') : t('auth.signInDescription')}
        closeLabel={t('common.close')}
        size="sm"
      >
        {reason === 'required' && (
          <Alert tone="info" className="auth-dialog__reason">
            {t('auth.requiredReason')}
          </Alert>
        )}
        <AuthTabs
          tab={tab}
          onTabChange={(next) => openDialog({ kind: 'auth', tab: next, reason })}
          onDone={(user, isNew) => {
            closeDialog();
            welcome(user, isNew);
          }}
          onForgotPassword={(emailOrUsername) =>
            openDialog({ kind: 'forgotPassword', emailOrUsername })
          }
        />
      </DialogContent>
    </Dialog>
  );
}
