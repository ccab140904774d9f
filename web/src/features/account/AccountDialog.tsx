import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PencilLine, Settings } from 'lucide-react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { APP_ROUTES } from '@music-rooms/domain/routes';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { buttonClass } from '../../ui/button-class';
import { useLocalePath } from '../../app/language/useLocalePath';
import { closeDialog, openDialog } from '../../app/dialogs/dialog-store';
import { LinkedAccounts } from './LinkedAccounts';
import { AccountFacts } from './AccountFacts';
import { AdminEmailVerification } from './AdminEmailVerification';
import './account.css';

type AccountDialogProps = { user: SessionUser };

/** The account at a glance: e-mail (masked), password set or not, linked providers (spec §2). */
export function AccountDialog({ user }: AccountDialogProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Dialog open onOpenChange={(open) => !open && closeDialog()}>
      <DialogContent title={t('account.title')} closeLabel={t('common.close')}>
        <div className="account-head">
          <Avatar name={user.name} avatar={user.avatar} size="lg" />
          <div className="account-head__text">
            <p className="account-head__name">{user.name}</p>
            <p className="account-head__username">@{user.username}</p>
          </div>
          <Button
            size="sm"
            variant="secondary"
            icon={PencilLine}
            onClick={() => openDialog({ kind: 'editProfile', returnTo: 'account' })}
          >
            {t('user.editProfile')}
          </Button>
        </div>
        <AccountFacts user={user} />
        {user.adminEmailUnverified && <AdminEmailVerification />}
        <h3 className="account-subtitle">{t('account.linkedAccounts')}</h3>
        <LinkedAccounts user={user} />
        <div className="dialog__actions">
          <Link
            to={localePath(APP_ROUTES.settings)}
            className={buttonClass('secondary')}
            onClick={closeDialog}
          >
            <Settings aria-hidden size={17} />
            {t('settings.title')}
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
