import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/themes.css';
import './styles/base.css';
import './app/shell/layout.css';
import { App } from './app/shell/App';
import { isChunkLoadError } from './app/build-updates/chunk-errors';
import { chunkReload, reloadOnPreloadError } from './app/build-updates/chunk-reload';
import './app/theme/theme-controller';
import { initI18n, rememberLanguage } from './i18n';
import { detectLanguage } from '@music-rooms/domain/language';
import { readRoomEarly } from './features/rooms/page/room-early-reads';

reloadOnPreloadError();

const detected = detectLanguage({
  pathname: window.location.pathname,
  cookies: document.cookie,
  preferred: navigator.languages ?? [navigator.language],
});

async function start() {
  // The page's first answers come while its messages and code load.
  readRoomEarly(window.location.pathname);
  await initI18n(detected.language);
  if (detected.source === 'prefix') rememberLanguage(detected.language);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  if (isChunkLoadError(error) && chunkReload.reloadOnce()) return;
  throw error;
});
