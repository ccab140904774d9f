import { createContext, useContext } from 'react';
import type { RealtimeClient } from './realtime-client';

export const RealtimeContext = createContext<RealtimeClient | null>(null);

/** The tab's realtime client, from the nearest RealtimeProvider. */
export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient needs a RealtimeProvider above it');
  return client;
}
