import type { TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { findTrack } from './store';

/**
 * How often a track being processed is looked for. A removal may happen on any node, and the
 * row's absence is what they all agree on; one indexed read a second per running job is cheap.
 */
const LOOK_EVERY_MS = 1000;

export type RemovalWatch = {
  /** Aborts when the track's row is gone (it or its room was removed), or when `parent` does. */
  signal: AbortSignal;
  removed: () => boolean;
  stop: () => void;
};

/** Stops the work on a track (ffmpeg included) once the track no longer exists. */
export function watchTrackRemoval(
  db: Database,
  trackId: TrackId,
  parent: AbortSignal,
): RemovalWatch {
  const abort = new AbortController();
  let removed = false;
  const onParentAbort = () => abort.abort(parent.reason);
  parent.addEventListener('abort', onParentAbort, { once: true });
  let looking = false;
  const timer = setInterval(() => {
    if (looking || abort.signal.aborted) return;
    looking = true;
    void findTrack(db, trackId)
      .then((track) => {
        if (track || abort.signal.aborted) return;
        removed = true;
        abort.abort(new Error('the track was removed'));
      })
      // A failed look is no news: the next one tells.
      .catch(() => undefined)
      .finally(() => (looking = false));
  }, LOOK_EVERY_MS);
  timer.unref();
  return {
    signal: abort.signal,
    removed: () => removed,
    stop: () => {
      clearInterval(timer);
      parent.removeEventListener('abort', onParentAbort);
    },
  };
}
