import { useEffect, useState, type ReactNode } from 'react';
import { RealtimeClient } from './realtime-client';
import { RealtimeContext } from './realtime-context';

type RealtimeProviderProps = {
  children: ReactNode;
  /** A client made elsewhere (tests); by default the provider makes one for the tab. */
  client?: RealtimeClient;
};

/** Opens the tab's realtime connection while mounted and shares it with the components below. */
export function RealtimeProvider({ children, client: given }: RealtimeProviderProps) {
  const [client] = useState(() => given ?? new RealtimeClient());
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
