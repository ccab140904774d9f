import { session } from '../../lib/storage';
import { createReloadGuard } from './reload-guard';

/** The page's one guarded reload after a chunk failed to load. */
export const chunkReload = createReloadGuard({
  storage: session,
  now: Date.now,
  reload: () => window.location.reload(),
});

/**
 * Vite reports chunks (and their styles) that failed to preload with this event; reloading
 * picks up the files of the current build. Past the guard, the error goes on to the error page.
 */
export function reloadOnPreloadError(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (chunkReload.reloadOnce()) event.preventDefault();
  });
}
