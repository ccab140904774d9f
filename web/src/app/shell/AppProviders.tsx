import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { PageHeaderProvider } from '../header/PageHeaderProvider';
import { RealtimeProvider } from '../../lib/realtime/RealtimeProvider';
import { TooltipProvider } from '../../ui/TooltipProvider';
import { createQueryClient } from './query-client';

type AppProvidersProps = { children: ReactNode };

/** Everything the pages share: the query cache, the realtime connection, tooltip timing and the page header. */
export function AppProviders({ children }: AppProvidersProps) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider>
        <TooltipProvider>
          <PageHeaderProvider>{children}</PageHeaderProvider>
        </TooltipProvider>
      </RealtimeProvider>
    </QueryClientProvider>
  );
}
