import { Suspense } from 'react';
import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPendingRequests } from '../../lib/pending-requests';
import { lazyComponent } from '../build-updates/load-chunk';
import { useBeforeUnloadWarning } from './useBeforeUnloadWarning';

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
