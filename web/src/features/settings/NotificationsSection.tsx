import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { UserPreferences } from '@music-rooms/domain/auth';
import { Alert } from '../../ui/Alert';
import { Switch } from '../../ui/Switch';
import { notify } from '../../app/toasts/toast-store';
import { usePreferences } from './usePreferences';

type Toggle = 'notifications' | 'soundEffects';

/** Notifications and sound effects, saved with the account; each save is confirmed in place. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<{ toggle: Toggle; on: boolean } | null>(null);
  const onSaved = (change: Partial<UserPreferences>) => {
    const toggle = (['notifications', 'soundEffects'] as const).find((key) => key in change);
    if (toggle) setSaved({ toggle, on: change[toggle] === true });
  };
  const { preferences, failed, update } = usePreferences(
    () => notify({ variant: 'error', title: t('settings.preferencesError'), closable: true }),
    onSaved,
  );
  if (failed) return <Alert tone="error">{t('settings.preferencesLoadError')}</Alert>;
  const change = (next: Partial<UserPreferences>) => {
    setSaved(null);
    update(next);
  };
  return (
    <div className="settings-stack" aria-busy={!preferences}>
      <Switch
        label={t('settings.notifications')}
        description={t('settings.notificationsHint')}
        checked={preferences?.notifications ?? false}
        disabled={!preferences}
        onChange={(notifications) => change({ notifications })}
      />
      <Switch
        label={t('settings.soundEffects')}
        description={t('settings.soundEffectsHint')}
        checked={preferences?.soundEffects ?? false}
        disabled={!preferences}
        onChange={(soundEffects) => change({ soundEffects })}
      />
      <p className="settings-saved" role="status">
        {saved && (
          <>
            <Check aria-hidden size={15} strokeWidth={2.6} />
            {t(saved.on ? 'settings.savedOn' : 'settings.savedOff', {
              setting: t(`settings.${saved.toggle}`),
            })}
          </>
        )}
      </p>
    </div>
  );
}
