import type { RoomId } from '@music-rooms/domain/ids';
import { useTranslation } from 'react-i18next';
import type { RoomMember } from '@music-rooms/domain/rooms';
import { RequestRow } from './RequestRow';

type AccessRequestsProps = { roomId: RoomId; requests: RoomMember[] };

/** The users modal's access requests, for someone with users.manage: each to approve or reject. */
export function AccessRequests({ roomId, requests }: AccessRequestsProps) {
  const { t } = useTranslation();
  return (
    <section className="room-users__requests" aria-labelledby="room-requests-title">
      <h3 id="room-requests-title" className="room-users__heading">
        {t('rooms.users.requestsTitle')}
      </h3>
      {requests.length === 0 ? (
        <p className="room-users__none">{t('rooms.users.noRequests')}</p>
      ) : (
        <ul className="member-list">
          {requests.map((request) => (
            <RequestRow key={request.user._id} roomId={roomId} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}
