import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Radio } from 'lucide-react';
import { Alert } from '../../../ui/Alert';
import { useErrorText } from '../../../app/forms/useErrorText';
import { usePageHeader } from '../../../app/header/usePageHeader';
import { FavoriteButton } from '../list/FavoriteButton';
import { useSession } from '../../../app/session/useSession';
import { PasswordGate } from './PasswordGate';
import { RoomNotFound } from './RoomNotFound';
import { RoomUnavailable } from './RoomUnavailable';
import { RoomView } from './RoomView';
import { useRoomEntry, type RoomEntry } from './useRoomEntry';
import { useRoomPresence } from './useRoomPresence';
import '../list/rooms.css';
import './room.css';
import '../live/live.css';

type RoomScreenProps = { roomUrl: string };

/**
 * The room page at room/{roomUrl}: loading, not found, unavailable, the password gate, or the
 * room itself. Its title in the header (and the tab's) is the room's name, at the gate and on
 * the unavailable page too, with the favourite heart for a signed-in user inside; while the room
 * is open this tab counts as present in it.
 */
export function RoomScreen({ roomUrl }: RoomScreenProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { user } = useSession();
  const { entry, pass, unlock } = useRoomEntry(roomUrl);
  const room = entry.state === 'in' ? entry.room : null;
  useRoomPresence(room?._id ?? null, pass);

  const roomId = room?._id;
  const isFavorite = room?.isFavorite ?? false;
  const favourite = useMemo(
    () =>
      user && roomId ? (
        <FavoriteButton roomId={roomId} roomUrl={roomUrl} isFavorite={isFavorite} />
      ) : undefined,
    [user, roomId, roomUrl, isFavorite],
  );
  const title = room?.name ?? previewOf(entry)?.name ?? fallbackTitle(entry.state, t);
  usePageHeader({ title, icon: Radio, favourite });

  switch (entry.state) {
    case 'loading':
      return (
        <p className="room-loading" aria-busy="true">
          {t('room.loading')}
        </p>
      );
    case 'notFound':
      return <RoomNotFound roomUrl={roomUrl} />;
    case 'unavailable':
      return <RoomUnavailable preview={entry.preview} />;
    case 'password':
      return <PasswordGate unlock={unlock} preview={entry.preview} />;
    case 'error':
      return <Alert tone="error">{errorText(entry.error, 'room.loadError')}</Alert>;
    case 'in':
      return <RoomView roomId={entry.room._id} pass={pass} />;
  }
}

/** What a stranger kept out (by the password, or invite-only) may know of the room. */
function previewOf(entry: RoomEntry) {
  return entry.state === 'password' || entry.state === 'unavailable' ? entry.preview : null;
}

function fallbackTitle(state: RoomEntry['state'], t: TFunction): string {
  return state === 'notFound' ? t('room.notFoundTitle') : t('room.title');
}
