import { useSyncExternalStore } from 'react';
import type { RealtimeStatus } from './realtime-client';
import { useRealtimeClient } from './realtime-context';

/** Where the tab's realtime connection stands, kept current. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = useRealtimeClient();
  return useSyncExternalStore(client.subscribeStatus, client.getStatus);
}
