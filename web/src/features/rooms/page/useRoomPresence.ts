import type { RoomId } from '@music-rooms/domain/ids';
import { useEffect } from 'react';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';
import { tabSessionId } from '../room-access';
import type { RoomPass } from './useRoomEntry';

/**
 * Counts this tab present in the room while its page is open (presence:join with the gate
 * pass), and leaves when the page closes (presence:leave). A guest counts by the tab's session id.
 */
export function useRoomPresence(roomId: RoomId | null, pass: RoomPass): void {
  const client = useRealtimeClient();
  const token = pass.accessToken;
  useEffect(() => {
    if (!roomId) return;
    return client.joinRoom({
      roomId,
      session_id: tabSessionId(),
      ...(token ? { accessToken: token } : {}),
    });
  }, [client, roomId, token]);
}
