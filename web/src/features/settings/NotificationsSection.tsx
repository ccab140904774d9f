import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';
import { Switch } from '../../ui/Switch';
import { notify } from '../../app/toasts/toast-store';
import { usePreferences } from './usePreferences';

/** Notifications and sound effects, saved with the account. */
export function NotificationsSection() {
  const { t } = useTranslation();
  const { preferences, failed, update } = usePreferences(() =>
    notify({ variant: 'error', title: t('settings.preferencesError'), closable: true }),
  );
  if (failed) return <Alert tone="error">{t('settings.preferencesLoadError')}</Alert>;
  return (
    <div className="settings-stack" aria-busy={!preferences}>
      <Switch
        label={t('settings.notifications')}
        description={t('settings.notificationsHint')}
        checked={preferences?.notifications ?? false}
        disabled={!preferences}
        onChange={(notifications) => update({ notifications })}
      />
      <Switch
        label={t('settings.soundEffects')}
        description={t('settings.soundEffectsHint')}
        checked={preferences?.soundEffects ?? false}
        disabled={!preferences}
        onChange={(soundEffects) => update({ soundEffects })}
      />
    </div>
  );
}
