import { Outlet } from 'react-router';
import { QueryCacheProvider } from './QueryCacheProvider';

/** The route around the pages that read through React Query: they share the tab's cache. */
export function QueryCacheLayout() {
  return (
    <QueryCacheProvider>
      <Outlet />
    </QueryCacheProvider>
  );
}
