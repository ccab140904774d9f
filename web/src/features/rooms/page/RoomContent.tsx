import { Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Settings } from 'lucide-react';
import { isRoomRole, type RoomCapability, type RoomDetails } from '@music-rooms/domain/rooms';
import { Button } from '../../../ui/Button';
import { lazyComponent } from '../../../app/build-updates/load-chunk';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { MembersButton } from './MembersButton';
import { RequestAccess } from './RequestAccess';
import { RoomHeading } from './RoomHeading';
import { RoomStage } from './RoomStage';
import type { RoomPass } from './useRoomEntry';
import { useWaitingRequests } from './useWaitingRequests';

// The settings and members windows carry the form rules (zod): they load when first opened.
const RoomSettingsDialog = lazyComponent(
  () => import('../settings/RoomSettingsDialog'),
  'RoomSettingsDialog',
);
const RoomUsersDialog = lazyComponent(() => import('../users/RoomUsersDialog'), 'RoomUsersDialog');

type RoomContentProps = { room: RoomDetails; pass: RoomPass };

/**
 * The room with its actions (members, with the access requests waiting; settings), the request
 * to join, and its music.
 */
export function RoomContent({ room, pass }: RoomContentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const [open, setOpen] = useState<'settings' | 'users' | null>(null);
  const can = (capability: RoomCapability) => room.capabilities.includes(capability);
  const close = () => setOpen(null);
  const openUsers = useCallback(() => setOpen('users'), []);
  const waiting = useWaitingRequests(room, pass, openUsers);

  return (
    <>
      <div className="room-top">
        <RoomHeading room={room} />
        <div className="room-actions">
          {can('users.view') && <MembersButton waiting={waiting} onClick={openUsers} />}
          {can('room.updateSettings') && (
            <Button icon={Settings} onClick={() => setOpen('settings')}>
              {t('rooms.settings.open')}
            </Button>
          )}
        </div>
      </div>
      {!isRoomRole(room.myRole) && <RequestAccess roomId={room._id} myRole={room.myRole} />}
      <RoomStage room={room} pass={pass} />
      <Suspense fallback={null}>
        {open === 'settings' && (
          <RoomSettingsDialog
            room={room}
            onClose={close}
            onMoved={(roomUrl) => void navigate(localePath(`/room/${roomUrl}`), { replace: true })}
            onDeleted={() => void navigate(localePath('/'))}
          />
        )}
        {open === 'users' && <RoomUsersDialog room={room} pass={pass} onClose={close} />}
      </Suspense>
    </>
  );
}
