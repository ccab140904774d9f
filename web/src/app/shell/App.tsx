import { RouterProvider } from 'react-router/dom';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../lib/realtime/realtime-context';
import { useBuildUpdateCheck } from '../build-updates/useBuildUpdateCheck';
import { PageHeaderProvider } from '../header/usePageHeader';
import { Toaster } from '../toasts/Toaster';
import { createAppRouter } from './router';

const router = createAppRouter();

/**
 * The app: what the pages share (the realtime connection and the page header), the pages, and
 * the toast area (which outlives any page error). `realtime`: the tab's client, when the page
 * opening made it already (a room page's: lib/realtime/early-client.ts).
 */
export function App({ realtime }: { realtime?: RealtimeClient }) {
  useBuildUpdateCheck();
  return (
    <RealtimeProvider client={realtime}>
      <PageHeaderProvider>
        <RouterProvider router={router} />
        <Toaster />
      </PageHeaderProvider>
    </RealtimeProvider>
  );
}
