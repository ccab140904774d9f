import type { RoomId } from '@music-rooms/domain/ids';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { useErrorText } from '../../../app/forms/useErrorText';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { RoomContent } from './RoomContent';
import type { RoomPass } from './useRoomEntry';

type RoomViewProps = { roomId: RoomId; pass: RoomPass };

/** Inside a room the viewer may see: the room, what they may do there, and its music. */
export function RoomView({ roomId, pass }: RoomViewProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const details = useLiveQueryState('rooms.get', { id: roomId, ...pass });
  if (details.status === 'error') {
    return <Alert tone="error">{errorText(details.error, 'room.loadError')}</Alert>;
  }
  if (details.status === 'loading' || !details.value) {
    return <p className="room-loading">{t('room.loading')}</p>;
  }
  return <RoomContent room={details.value} pass={pass} />;
}
