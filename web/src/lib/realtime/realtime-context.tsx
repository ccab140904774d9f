import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { RealtimeClient } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

type RealtimeProviderProps = {
  children: ReactNode;
  /**
   * A client made elsewhere (the one a room page opening connected: `connectEarly`; tests); by
   * default the provider makes one for the tab.
   */
  client?: RealtimeClient;
};

/**
 * Shares the tab's realtime client with the components below, and closes its connection when
 * unmounted. The connection opens when the first page asks for it (useStartRealtime).
 */
export function RealtimeProvider({ children, client: given }: RealtimeProviderProps) {
  const [client] = useState(() => given ?? new RealtimeClient());
  useEffect(() => () => client.stop(), [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/** The tab's realtime client, from the nearest RealtimeProvider. */
export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient needs a RealtimeProvider above it');
  return client;
}

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
