import { useEffect, useRef } from 'react';
import type { RoomId } from '@music-rooms/domain/ids';
import { LISTENER_LIMITS, type ListenerSyncState } from '@music-rooms/domain/listeners';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';

/** How the page plays along, and whether it makes any sound (a muted page chirps for no one). */
type Status = { sync: ListenerSyncState; driftMs: number | null; muted: boolean };

/**
 * Tells the room how this page plays along (the listeners panel) and whether it is muted (a
 * calibration round leaves it out): at once when either changes, on every reconnection, and
 * every `reportEveryMs` with the latest offset, so a page that stops reporting (asleep,
 * offline) shows as offline to the others.
 */
export function useSyncReport(roomId: RoomId, status: Status): void {
  const client = useRealtimeClient();
  const latest = useRef(status);
  useEffect(() => {
    latest.current = status;
  });

  const { sync, muted } = status;
  useEffect(() => {
    client.reportSync({ roomId, state: sync, offsetMs: latest.current.driftMs, muted });
  }, [client, roomId, sync, muted]);

  useEffect(() => {
    const send = () =>
      client.reportSync({
        roomId,
        state: latest.current.sync,
        offsetMs: latest.current.driftMs,
        muted: latest.current.muted,
      });
    const timer = setInterval(send, LISTENER_LIMITS.reportEveryMs);
    const stopHearing = client.onConnect(send);
    return () => {
      clearInterval(timer);
      stopHearing();
    };
  }, [client, roomId]);
}
