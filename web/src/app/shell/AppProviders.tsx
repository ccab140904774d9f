import type { ReactNode } from 'react';
import { PageHeaderProvider } from '../header/PageHeaderProvider';
import { RealtimeProvider } from '../../lib/realtime/RealtimeProvider';

type AppProvidersProps = { children: ReactNode };

/** Everything the pages share: the realtime connection and the page header. */
export function AppProviders({ children }: AppProvidersProps) {
  return (
    <RealtimeProvider>
      <PageHeaderProvider>{children}</PageHeaderProvider>
    </RealtimeProvider>
  );
}
