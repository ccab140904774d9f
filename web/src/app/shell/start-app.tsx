import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { detectLanguage } from '@music-rooms/domain/language';
import { takeEarlyClient } from '../../lib/realtime/early-client';
import { App } from './App';
import '../theme/theme-controller';
import { initI18n, rememberLanguage } from '../../i18n';

/** Renders the app once the messages of the page's language are in. */
export async function startApp(): Promise<void> {
  const detected = detectLanguage({
    pathname: window.location.pathname,
    cookies: document.cookie,
    preferred: navigator.languages ?? [navigator.language],
  });
  await initI18n(detected.language);
  if (detected.source === 'prefix') rememberLanguage(detected.language);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // Taken here, once, not while rendering (StrictMode renders twice, keeping one result).
  const realtime = takeEarlyClient() ?? undefined;
  const root = createRoot(container);
  // Rendered as a transition, the first render yields to the browser every few milliseconds: a
  // room page's first answers (its reads, the clock's probes, its track) are taken as they come,
  // not after the whole page has rendered.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App realtime={realtime} />
      </StrictMode>,
    ),
  );
}
