import type { RequestDeps } from '../deps';
import type { TrackRow } from './store';

/** What a removed track leaves in storage: its audio, covers and playback copy. */
export type StoredFiles = Pick<TrackRow, 'audioKey' | 'coverKey' | 'embeddedCoverKey'> & {
  playbackKey?: string | null;
};

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
  await Promise.all(
    unique.map((key) =>
      deps.storage.remove(key).catch((err: unknown) => {
        deps.log.warn({ err, key }, 'could not delete a stored file');
      }),
    ),
  );
}
