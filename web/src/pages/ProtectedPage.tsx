import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Lock, LogIn } from 'lucide-react';
import { openAuthDialog } from '../app/dialogs/dialog-store';
import { usePageHeader } from '../app/header/usePageHeader';
import { useSession } from '../app/session/useSession';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { PageHeading } from '../ui/PageHeading';
import { Panel } from '../ui/Panel';

/** A page for signed-in users only: a guest is asked to sign in, and then sees it. */
export function ProtectedPage() {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  usePageHeader({ title: t('protected.title'), icon: Lock });
  const guest = !loading && !user;

  useEffect(() => {
    if (guest) openAuthDialog('signIn', 'required');
  }, [guest]);

  return (
    <>
      <PageHeading title={t('protected.title')} intro={t('protected.intro')} />
      {user && (
        <Panel>
          <p className="signed-in-as">
            <Avatar name={user.name} avatar={user.avatar} size="md" />
            {t('protected.signedInAs', { name: user.name })}
          </p>
        </Panel>
      )}
      {guest && (
        <EmptyState icon={LogIn} title={t('protected.guestTitle')} text={t('protected.guestText')}>
          <Button variant="primary" onClick={() => openAuthDialog('signIn', 'required')}>
            {t('common.signIn')}
          </Button>
        </EmptyState>
      )}
    </>
  );
}
