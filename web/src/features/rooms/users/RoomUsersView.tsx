import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserId } from '@music-rooms/domain/ids';
import type { RoomDetails, RoomUsersResult } from '@music-rooms/domain/rooms';
import { Alert } from '../../../ui/Alert';
import { Dialog, DialogContent } from '../../../ui/Dialog';
import type { LiveQueryState } from '../../../lib/realtime/live-query-registry';
import { useErrorText } from '../../../app/forms/useErrorText';
import { useSession } from '../../../app/session/useSession';
import { AddUserForm } from './AddUserForm';
import { MemberRow } from './MemberRow';
import { AccessRequests } from './AccessRequests';
import './room-users.css';

/** Who is host (the player labels one present member), and whether the viewer may hand it over. */
export type HostInfo = { hostId: UserId | null; canHandOver: boolean };

type RoomUsersViewProps = {
  room: RoomDetails;
  host?: HostInfo;
  /** The room's members and access requests as the live query has them now. */
  users: LiveQueryState<RoomUsersResult>;
  onClose: () => void;
};

/**
 * What the users modal shows (spec §2): the members and their roles for anyone with users.view;
 * adding, changing and removing members and deciding on access requests with users.manage, and
 * for each member the viewer may not change, the reason why.
 */
export function RoomUsersView({ room, users, host, onClose }: RoomUsersViewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { user } = useSession();
  const [addFormKey, setAddFormKey] = useState(0);
  const canManage = room.capabilities.includes('users.manage');

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={t('rooms.users.title')}
        description={t('rooms.users.description')}
        closeLabel={t('common.close')}
      >
        {canManage && (
          <AddUserForm
            key={addFormKey}
            roomId={room._id}
            onAdded={() => setAddFormKey((key) => key + 1)}
          />
        )}
        {users.status === 'loading' && <p className="room-users__loading">{t('app.loading')}</p>}
        {users.status === 'error' && (
          <Alert tone="error">{errorText(users.error, 'rooms.users.loadError')}</Alert>
        )}
        {users.status === 'value' && (
          <>
            <ul className="member-list" aria-label={t('rooms.users.title')}>
              {users.value.members.map((member) => (
                <MemberRow
                  key={member.user._id}
                  roomId={room._id}
                  member={member}
                  canManage={canManage}
                  isYou={member.user._id === user?.id}
                  refusal={canManage ? member.refusal : null}
                  isHost={host?.hostId === member.user._id}
                  canHandOver={host?.canHandOver ?? false}
                />
              ))}
            </ul>
            {canManage && <AccessRequests roomId={room._id} requests={users.value.requests} />}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
