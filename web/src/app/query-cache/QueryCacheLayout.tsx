import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { sharedQueryClient } from './query-client';

/** The route around the pages that read through React Query: they share the tab's cache. */
export function QueryCacheLayout() {
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <Outlet />
    </QueryClientProvider>
  );
}
