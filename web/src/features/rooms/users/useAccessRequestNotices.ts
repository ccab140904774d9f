import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { useSystemNotices } from '../../../app/notifications/useSystemNotices';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';

/**
 * The system notice that someone asked to join a room the signed-in user owns or administers,
 * on whatever page of the app is open (the server tells only them). Every open tab hears it and
 * shows it under the same tag, so the browser keeps one notice per request. A click brings the
 * tab to the front and opens the room.
 */
export function useAccessRequestNotices(): void {
  const { t } = useTranslation();
  const client = useRealtimeClient();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const systemNotice = useSystemNotices();

  useEffect(
    () =>
      client.onAccessRequest(({ roomId, roomName, room_url, requesterName }) =>
        systemNotice({
          title: roomName,
          body: t('alerts.accessRequest', { name: requesterName }),
          tag: `access-request:${roomId}:${requesterName}`,
          onClick: () => void navigate(localePath(`/room/${room_url}`)),
        }),
      ),
    [client, systemNotice, t, navigate, localePath],
  );
}
