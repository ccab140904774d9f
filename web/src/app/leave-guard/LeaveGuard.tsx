import { useBlocker } from 'react-router';
import { useTranslation } from 'react-i18next';
import { hasPendingRequests } from '../../lib/pending-requests';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useBeforeUnloadWarning } from './useBeforeUnloadWarning';

/** Leaving the page while requests are unfinished asks first, in the app and in the browser. */
export function LeaveGuard() {
  const { t } = useTranslation();
  const message = t('leave.message');
  useBeforeUnloadWarning(message);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasPendingRequests() && currentLocation.pathname !== nextLocation.pathname,
  );
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('leave.title')}
      message={message}
      confirmLabel={t('leave.leave')}
      cancelLabel={t('leave.stay')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}
