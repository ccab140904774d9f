import type { RequestDeps } from '../deps';
import type { TrackRow } from './store';

/** What a removed track leaves in storage: its audio, covers and playback copy. */
export type StoredFiles = Pick<TrackRow, 'audioKey' | 'coverKey' | 'embeddedCoverKey'> & {
  playbackKey?: string | null;
};

/**
 * Deletions in flight at once: a room of a thousand tracks has four thousand files, and as many
 * requests at once would flood the object store (or the disk) and the process's sockets.
 */
const PARALLEL_REMOVALS = 8;

/**
 * Deletes the stored objects of tracks whose rows are gone (after the deletion committed). A
 * file that cannot be deleted is logged and left: the user's removal has happened.
 */
export async function removeStoredFiles(
  deps: Pick<RequestDeps, 'storage' | 'log'>,
  rows: readonly StoredFiles[],
): Promise<void> {
  const keys = rows.flatMap((row) => [
    row.audioKey,
    row.coverKey,
    row.embeddedCoverKey,
    row.playbackKey ?? null,
  ]);
  const unique = [...new Set(keys)].filter((key): key is string => key !== null);
  const remove = async (key: string) => {
    await deps.storage.remove(key).catch((err: unknown) => {
      deps.log.warn({ err, key }, 'could not delete a stored file');
    });
  };
  // Each worker takes the next key until none are left.
  const next = unique.values();
  const worker = async () => {
    for (let key = next.next(); !key.done; key = next.next()) await remove(key.value);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_REMOVALS, unique.length) }, worker));
}
