import { Suspense, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPendingRequests, hasWorkLostOnUnload } from '../../lib/pending-requests';
import { lazyComponent } from '../build-updates/load-chunk';

// The dialog's code loads only when someone leaves with requests under way.
const ConfirmDialog = lazyComponent(() => import('../../ui/ConfirmDialog'), 'ConfirmDialog');

/** Leaving the page while requests are unfinished asks first, in the app and in the browser. */
export function LeaveGuard() {
  const { t } = useTranslation();
  const message = t('leave.message');
  useBeforeUnloadWarning(message);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasPendingRequests() && currentLocation.pathname !== nextLocation.pathname,
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        title={t('leave.title')}
        message={message}
        confirmLabel={t('leave.leave')}
        cancelLabel={t('leave.stay')}
        danger
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </Suspense>
  );
}

/**
 * Closing or reloading the tab while changes or uploads are still being sent asks for
 * confirmation.
 * Browsers show their own wording for this; `message` goes where one is still read.
 */
function useBeforeUnloadWarning(message: string): void {
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasWorkLostOnUnload()) return;
      event.preventDefault();
      event.returnValue = message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [message]);
}
