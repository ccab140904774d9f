import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Button } from '../../ui/Button';
import { openDialog } from '../../app/dialogs/dialog-store';
import { MaskedEmail } from './MaskedEmail';
import './account.css';

type AccountFactsProps = { user: SessionUser; withNames?: boolean };

/** Name, username, e-mail (masked) and whether a password is set, with the way to set one. */
export function AccountFacts({ user, withNames = false }: AccountFactsProps) {
  const { t } = useTranslation();
  return (
    <dl className="account-facts">
      {withNames && (
        <>
          <div className="account-facts__row">
            <dt>{t('auth.fields.name')}</dt>
            <dd>{user.name}</dd>
          </div>
          <div className="account-facts__row">
            <dt>{t('auth.fields.username')}</dt>
            <dd>@{user.username}</dd>
          </div>
        </>
      )}
      <div className="account-facts__row">
        <dt>{t('account.email')}</dt>
        <dd>
          <MaskedEmail email={user.email} />
        </dd>
      </div>
      <div className="account-facts__row">
        <dt>{t('account.password')}</dt>
        <dd className="account-facts__password">
          <span className="account-facts__state" data-set={user.hasPassword}>
            {user.hasPassword ? t('account.passwordSet') : t('account.passwordNotSet')}
          </span>
          <Button
            size="sm"
            variant="secondary"
            icon={KeyRound}
            onClick={() => openDialog({ kind: 'password' })}
          >
            {user.hasPassword ? t('password.changeTitle') : t('password.setTitle')}
          </Button>
        </dd>
      </div>
    </dl>
  );
}
