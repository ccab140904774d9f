import { useEffect } from 'react';
import type { BuildInfo } from '@music-rooms/domain/config';
import { i18next } from '../../i18n';
import { notify } from '../toasts/toast-store';
import { createUpdatePoller, fetchLatestBuild } from './build-check';

/** This tab's build as /builds/meta describes it (set at build time; 'dev' outside a release). */
const CURRENT_BUILD: BuildInfo = { id: __BUILD_ID__, timestamp: __BUILD_TIMESTAMP__ };

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
