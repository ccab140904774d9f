import './styles/tokens.css';
import './styles/themes.css';
import './styles/base.css';
import './app/shell/layout.css';
import { isChunkLoadError } from './app/build-updates/chunk-errors';
import { chunkReload, reloadOnPreloadError } from './app/build-updates/chunk-reload';
import { readRoomEarly } from './features/rooms/page/room-early-reads';

/**
 * The entry is small and runs as soon as it is in: the page's first reads go out from here
 * while React and the app (start-app, preloaded by the page's head) are still on their way and
 * being compiled, which on a slow machine takes longer than the reads.
 */
reloadOnPreloadError();
readRoomEarly(window.location.pathname);

import('./app/shell/start-app')
  .then(({ startApp }) => startApp())
  .catch((error: unknown) => {
    if (isChunkLoadError(error) && chunkReload.reloadOnce()) return;
    throw error;
  });
