import { useEffect } from 'react';
import { i18next } from '../../i18n';
import { notify } from '../toasts/toast-store';
import { CURRENT_BUILD } from './build-id';
import { createUpdatePoller, fetchLatestBuild } from './build-check';

/** Polls for a newer build and offers to reload when one is out. */
export function useBuildUpdateCheck(): void {
  useEffect(() => {
    const poller = createUpdatePoller({
      current: CURRENT_BUILD,
      fetchLatest: () => fetchLatestBuild((input, init) => window.fetch(input, init), Date.now()),
      onUpdate: showUpdateNotice,
      onVisible: whenVisible,
    });
    poller.start();
    return () => poller.stop();
  }, []);
}

function showUpdateNotice() {
  notify({
    id: 'build-update',
    variant: 'info',
    icon: 'refresh',
    title: i18next.t('buildUpdate.title'),
    message: i18next.t('buildUpdate.message'),
    closable: true,
    actions: [
      {
        id: 'reload',
        label: i18next.t('buildUpdate.reload'),
        variant: 'primary',
        onClick: () => window.location.reload(),
      },
    ],
  });
}

function whenVisible(check: () => void): () => void {
  const listener = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}
