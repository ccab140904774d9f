import { useTranslation } from 'react-i18next';
import { PencilLine } from 'lucide-react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Button } from '../../ui/Button';
import { AccountFacts } from '../account/AccountFacts';
import { AvatarEditor } from '../account/AvatarEditor';
import { LinkedAccounts } from '../account/LinkedAccounts';
import { openDialog } from '../../app/dialogs/dialog-store';

type AccountSectionProps = { user: SessionUser };

/** Profile (photo, name, username, e-mail), password and linked accounts. */
export function AccountSection({ user }: AccountSectionProps) {
  const { t } = useTranslation();
  return (
    <>
      <AvatarEditor user={user} />
      <div className="settings-subsection">
        <div className="settings-subsection__head">
          <h3 className="settings-subsection__title">{t('settings.profile')}</h3>
          <Button
            size="sm"
            variant="secondary"
            icon={PencilLine}
            onClick={() => openDialog({ kind: 'editProfile' })}
          >
            {t('user.editProfile')}
          </Button>
        </div>
        <AccountFacts user={user} withNames />
      </div>
      <div className="settings-subsection">
        <h3 className="settings-subsection__title">{t('account.linkedAccounts')}</h3>
        <LinkedAccounts user={user} />
      </div>
    </>
  );
}
