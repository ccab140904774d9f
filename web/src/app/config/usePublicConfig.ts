import { useQuery } from '@tanstack/react-query';
import { PUBLIC_CONFIG_QUERY_KEY, fetchPublicConfig } from './public-config';

/** The public runtime configuration, fetched once and shared by every component. */
export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: fetchPublicConfig,
    staleTime: Infinity,
  });
}
