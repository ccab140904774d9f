import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole app. Live data arrives over the socket, not by refetching on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}
