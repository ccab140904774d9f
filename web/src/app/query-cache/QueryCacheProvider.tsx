import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { sharedQueryClient } from './query-client';

type QueryCacheProviderProps = { children: ReactNode };

/** Gives a page the tab's query cache (pages that read once through React Query). */
export function QueryCacheProvider({ children }: QueryCacheProviderProps) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}
