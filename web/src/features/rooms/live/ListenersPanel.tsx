import { useTranslation } from 'react-i18next';
import type { RoomDetails } from '@music-rooms/domain/rooms';
import { Panel } from '../../../ui/Panel';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { useSession } from '../../../app/session/useSession';
import type { RoomAccessArgs as RoomPass } from '@music-rooms/domain/rooms';
import { ListenerRow } from './ListenerRow';

type ListenersPanelProps = { room: RoomDetails; pass: RoomPass };

/** Who is in the room now, the host first, each with how their page plays along (live). */
export function ListenersPanel({ room, pass }: ListenersPanelProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const live = useLiveQueryState('rooms.listeners', { roomId: room._id, ...pass });
  const listeners = live.status === 'value' ? live.value : [];
  return (
    <Panel
      title={t('room.listeners.title')}
      aside={<span className="listeners__count">{listeners.length}</span>}
    >
      {listeners.length === 0 ? (
        <p className="listeners__empty">{t('room.listeners.empty')}</p>
      ) : (
        <ul className="listeners" aria-label={t('room.listeners.title')}>
          {listeners.map((listener) => (
            <ListenerRow key={listener.key} listener={listener} isMe={listener.key === user?.id} />
          ))}
        </ul>
      )}
    </Panel>
  );
}
