import type { RoomId } from '@music-rooms/domain/ids';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, Hourglass, LogIn, UserPlus } from 'lucide-react';
import type { AccessRequestStatus, RoomUserRole } from '@music-rooms/domain/rooms';
import { Button } from '../../../ui/Button';
import { openAuthDialog } from '../../../app/dialogs/dialog-store';
import { useErrorText } from '../../../app/forms/useErrorText';
import { requestAccess } from '../rooms-api';
import { useSession } from '../../../app/session/useSession';
import { notify } from '../../../app/toasts/toast-store';
import { AccessCard } from './AccessCard';

type RequestAccessProps = { roomId: RoomId; myRole: RoomUserRole | null };

/**
 * For someone without a role in the room (spec §4 Room access): a guest is asked to sign in; a
 * signed-in stranger may request access, then sees "Awaiting approval" (or "Already requested")
 * until the owner approves with a role or rejects ("Denied").
 */
export function RequestAccess({ roomId, myRole }: RequestAccessProps) {
  const { t } = useTranslation();
  const { user, loading } = useSession();
  const errorText = useErrorText();
  const [answer, setAnswer] = useState<AccessRequestStatus | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async () => {
    setBusy(true);
    try {
      setAnswer((await requestAccess(roomId)).status);
    } catch (error) {
      notify({
        variant: 'error',
        title: t('rooms.errors.requestAccessFailed'),
        message: errorText(error, 'rooms.favorite.retry'),
      });
    } finally {
      setBusy(false);
    }
  };

  if (loading) return null;
  if (!user) {
    return (
      <AccessCard
        look={{
          icon: LogIn,
          title: t('rooms.access.guestTitle'),
          text: t('rooms.access.guestText'),
          tone: 'info',
        }}
      >
        <Button variant="primary" icon={LogIn} onClick={() => openAuthDialog('signIn', 'required')}>
          {t('common.signIn')}
        </Button>
      </AccessCard>
    );
  }
  if (myRole === 'rejected' || answer === 'rejected') {
    return (
      <AccessCard
        look={{
          icon: Ban,
          title: t('rooms.access.denied'),
          text: t('rooms.access.deniedText'),
          tone: 'denied',
        }}
      />
    );
  }
  if (myRole === 'requested' || answer === 'requested' || answer === 'alreadyRequested') {
    const title =
      answer === 'alreadyRequested'
        ? t('rooms.access.alreadyRequested')
        : t('rooms.access.awaiting');
    return (
      <AccessCard
        look={{ icon: Hourglass, title, text: t('rooms.access.awaitingText'), tone: 'waiting' }}
      />
    );
  }
  return (
    <AccessCard
      look={{
        icon: UserPlus,
        title: t('rooms.access.strangerTitle'),
        text: t('rooms.access.strangerText'),
        tone: 'info',
      }}
    >
      <Button variant="primary" icon={UserPlus} busy={busy} onClick={() => void ask()}>
        {busy ? t('rooms.access.requesting') : t('rooms.access.request')}
      </Button>
    </AccessCard>
  );
}
