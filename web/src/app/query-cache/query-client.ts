import { QueryClient } from '@tanstack/react-query';
import { onSignedInPersonChange } from '../session/user-change';

/** A cache for the pages that read through it. Live data arrives over the socket instead. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, refetchOnWindowFocus: false },
    },
  });
}

let shared: QueryClient | null = null;

/**
 * Marks a query whose answer is the same whoever is signed in: the check of an e-mailed link.
 * Such a check may use the link up, so it is never asked again behind the person's back.
 */
export const SAME_FOR_EVERYONE = { sameForEveryone: true } as const;

/**
 * The tab's one query cache, made when the first page that needs it opens (the home page does
 * not: the library stays out of its download). What was read as one person is read again when
 * the signed-in person changes.
 */
export function sharedQueryClient(): QueryClient {
  if (shared) return shared;
  const client = createQueryClient();
  onSignedInPersonChange(
    () => void client.invalidateQueries({ predicate: (query) => !query.meta?.sameForEveryone }),
  );
  shared = client;
  return client;
}
