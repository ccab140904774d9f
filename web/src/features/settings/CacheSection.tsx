import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eraser } from 'lucide-react';
import { session } from '../../lib/storage';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../app/toasts/toast-store';
import { CACHE_CLEARED_KEY, clearAppCache } from './cache-clear';

/** Clear what the app keeps in this browser, then reload ("Cache cleared" after the reload). */
export function CacheSection() {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (session.get(CACHE_CLEARED_KEY) === null) return;
    session.remove(CACHE_CLEARED_KEY);
    notify({ id: CACHE_CLEARED_KEY, variant: 'success', title: t('settings.cacheCleared') });
  }, [t]);

  const clear = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await clearAppCache();
    } catch {
      setBusy(false);
      notify({ variant: 'error', title: t('settings.cacheClearFailed'), closable: true });
    }
  };

  return (
    <div className="settings-row">
      <p className="settings-row__text">{t('settings.cacheText')}</p>
      <Button variant="secondary" icon={Eraser} disabled={busy} onClick={() => setConfirming(true)}>
        {t('settings.cacheButton')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('settings.cacheConfirmTitle')}
        message={t('settings.cacheConfirmText')}
        confirmLabel={t('settings.cacheButton')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => void clear()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
