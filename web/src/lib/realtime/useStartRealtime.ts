import { useEffect } from 'react';
import { useRealtimeClient } from './realtime-context';

/**
 * Opens the realtime connection from the frame of the first page shown. Effects run children
 * first, so the page's live queries have asked for their first values by then, and the
 * connection (with its Socket.IO code) waits until they have answered.
 */
export function useStartRealtime(): void {
  const client = useRealtimeClient();
  useEffect(() => {
    client.start();
  }, [client]);
}
