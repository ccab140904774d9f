import { useEffect, useState, type ReactNode } from 'react';
import { RealtimeClient } from './realtime-client';
import { RealtimeContext } from './realtime-context';

type RealtimeProviderProps = {
  children: ReactNode;
  /** A client made elsewhere (tests); by default the provider makes one for the tab. */
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
