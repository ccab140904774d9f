import { RouterProvider } from 'react-router/dom';
import { useBuildUpdateCheck } from '../build-updates/useBuildUpdateCheck';
import { Toaster } from '../toasts/Toaster';
import { AppProviders } from './AppProviders';
import { createAppRouter } from './router';

const router = createAppRouter();

/** The app: providers, the pages, and the toast area (which outlives any page error). */
export function App() {
  useBuildUpdateCheck();
  return (
    <AppProviders>
      <RouterProvider router={router} />
      <Toaster />
    </AppProviders>
  );
}
