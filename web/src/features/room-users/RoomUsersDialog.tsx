import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomAccessArgs, RoomDetails } from '@music-rooms/domain/rooms';
import { Alert } from '../../ui/Alert';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { useErrorText } from '../forms/useErrorText';
import { useSession } from '../session/useSession';
import { AddUserForm } from './AddUserForm';
import { MemberRow } from './MemberRow';
import { RequestRow } from './RequestRow';
import './room-users.css';

type RoomUsersDialogProps = { room: RoomDetails; pass: RoomAccessArgs; onClose: () => void };

/**
 * The users modal (spec §2): the members and their roles for anyone with users.view; adding,
 * changing and removing members and deciding on access requests with users.manage. The lists
 * are live, so a change made anywhere shows here at once.
 */
export function RoomUsersDialog({ room, pass, onClose }: RoomUsersDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { user } = useSession();
  const [addFormKey, setAddFormKey] = useState(0);
  const users = useLiveQueryState('rooms.getRoomUsers', { roomId: room._id, ...pass });
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
                />
              ))}
            </ul>
            {canManage && (
              <section className="room-users__requests" aria-labelledby="room-requests-title">
                <h3 id="room-requests-title" className="room-users__heading">
                  {t('rooms.users.requestsTitle')}
                </h3>
                {users.value.requests.length === 0 ? (
                  <p className="room-users__none">{t('rooms.users.noRequests')}</p>
                ) : (
                  <ul className="member-list">
                    {users.value.requests.map((request) => (
                      <RequestRow key={request.user._id} roomId={room._id} request={request} />
                    ))}
                  </ul>
                )}
              </section>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
