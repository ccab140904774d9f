import { useEffect } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, LogIn, Plus } from 'lucide-react';
import { openAuthDialog } from '../app/dialogs/dialog-store';
import { usePageHeader } from '../app/header/usePageHeader';
import { useLocalePath } from '../app/language/useLocalePath';
import { CreateRoomForm } from '../features/rooms/form/CreateRoomForm';
import { useSession } from '../app/session/useSession';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { PageHeading } from '../ui/PageHeading';
import { Panel } from '../ui/Panel';
import '../features/rooms/form/room-form.css';

/** The create-room screen (spec §2 Create room), for signed-in users. */
export function CreateRoomPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user, loading } = useSession();
  usePageHeader({ title: t('rooms.create.title'), icon: Plus });
  const guest = !loading && !user;

  useEffect(() => {
    if (guest) openAuthDialog('signIn', 'required');
  }, [guest]);

  return (
    <div className="create-room">
      <Link to={localePath('/')} className="back-link">
        <ArrowLeft aria-hidden size={16} />
        {t('rooms.create.back')}
      </Link>
      <PageHeading title={t('rooms.create.title')} intro={t('rooms.create.subtitle')} />
      {user && (
        <Panel>
          <CreateRoomForm />
        </Panel>
      )}
      {guest && (
        <EmptyState
          icon={LogIn}
          title={t('rooms.create.guestTitle')}
          text={t('rooms.create.guestText')}
        >
          <Button variant="primary" onClick={() => openAuthDialog('signIn', 'required')}>
            {t('common.signIn')}
          </Button>
        </EmptyState>
      )}
    </div>
  );
}
