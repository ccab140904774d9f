import { RouterProvider } from 'react-router/dom';
import { RealtimeProvider } from '../../lib/realtime/realtime-context';
import { useBuildUpdateCheck } from '../build-updates/useBuildUpdateCheck';
import { PageHeaderProvider } from '../header/usePageHeader';
import { Toaster } from '../toasts/Toaster';
import { createAppRouter } from './router';

const router = createAppRouter();

/**
 * The app: what the pages share (the realtime connection and the page header), the pages, and
 * the toast area (which outlives any page error).
 */
export function App() {
  useBuildUpdateCheck();
  return (
    <RealtimeProvider>
      <PageHeaderProvider>
        <RouterProvider router={router} />
        <Toaster />
      </PageHeaderProvider>
    </RealtimeProvider>
  );
}
