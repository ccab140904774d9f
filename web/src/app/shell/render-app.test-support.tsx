import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeAll, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import '@testing-library/jest-dom/vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from '@music-rooms/domain/auth';
import { closeDialog } from '../dialogs/dialog-store';
import { createQueryClient } from '../query-cache/query-client';
import { resetSessionStore } from '../session/session-store';
import { ToastArea } from '../toasts/ToastArea';
import { toastStore } from '../toasts/toast-store';
import { i18next, initI18n } from '../../i18n';

/**
 * The set-up every component test file needs: English messages before the first test, and after
 * each one an empty screen, no notice left over and fetch given back. The app's stores are
 * module-wide, so a test must not see what the one before it left.
 */
export function setupComponentTests(): void {
  beforeAll(async () => {
    if (!i18next.isInitialized) await initI18n('en');
  });
  afterEach(() => {
    cleanup();
    toastStore.clear();
    resetSessionStore();
    closeDialog();
    vi.unstubAllGlobals();
  });
}

type RenderOptions = {
  /** Who is signed in; null for a guest, undefined while the session is still being read. */
  user?: SessionUser | null;
};

/**
 * Renders a component inside the app's own providers: the session as GET /api/_auth/session
 * would have answered it, a fresh query cache and the toast area, so a notice the component
 * raises is on screen. No realtime connection is opened.
 */
export function renderInApp(ui: ReactElement, { user }: RenderOptions = {}) {
  resetSessionStore(user === undefined ? undefined : { user, answered: true });
  const queryClient = createQueryClient();
  // A wrapper, so that `rerender` gives the component new props inside the same providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastArea />
    </QueryClientProvider>
  );
  return { ...render(ui, { wrapper }), queryClient };
}
