import { useEffect, useRef } from 'react';
import type { RoomId } from '@music-rooms/domain/ids';
import { LISTENER_LIMITS, type ListenerSyncState } from '@music-rooms/domain/listeners';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';

type Status = { sync: ListenerSyncState; driftMs: number | null };

/**
 * Tells the room how this page plays along (the listeners panel): at once when its state
 * changes, on every reconnection, and every `reportEveryMs` with the latest offset, so a page
 * that stops reporting (asleep, offline) shows as offline to the others.
 */
export function useSyncReport(roomId: RoomId, status: Status): void {
  const client = useRealtimeClient();
  const latest = useRef(status);
  useEffect(() => {
    latest.current = status;
  });

  const { sync } = status;
  useEffect(() => {
    client.reportSync({ roomId, state: sync, offsetMs: latest.current.driftMs });
  }, [client, roomId, sync]);

  useEffect(() => {
    const send = () =>
      client.reportSync({
        roomId,
        state: latest.current.sync,
        offsetMs: latest.current.driftMs,
      });
    const timer = setInterval(send, LISTENER_LIMITS.reportEveryMs);
    const stopHearing = client.onConnect(send);
    return () => {
      clearInterval(timer);
      stopHearing();
    };
  }, [client, roomId]);
}
