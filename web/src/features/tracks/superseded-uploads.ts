import type { FileFacts } from './resume-match';

/** What deciding needs of an item of the queue. */
type QueuedCopy = { key: string; fileName: string; size: number; phase: string };

/**
 * The items left once `sent` has all its bytes on the server: an earlier try of the same file
 * (name and size) that is still waiting to be chosen again or has failed is done with, so it
 * no longer shows as an unfinished upload, here or after a reload.
 */
export function withoutSupersededCopies<T extends QueuedCopy>(
  items: readonly T[],
  sent: Pick<FileFacts, 'name' | 'size'> & { key: string },
): T[] {
  return items.filter(
    (item) =>
      item.key === sent.key ||
      !(item.phase === 'missing' || item.phase === 'failed') ||
      item.fileName !== sent.name ||
      item.size !== sent.size,
  );
}
