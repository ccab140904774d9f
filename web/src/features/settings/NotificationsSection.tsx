import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import type { UserPreferences } from '@music-rooms/domain/auth';
import { Alert } from '../../ui/Alert';
import { Switch } from '../../ui/Switch';
import { notify } from '../../app/toasts/toast-store';
import { usePreferences } from '../../app/preferences/usePreferences';
import {
  askNotificationAccess,
  notificationAccess,
  type NotificationAccess,
} from '../../app/notifications/system-notifications';
import { SoundSettings } from './SoundSettings';

type Toggle = 'notifications' | 'soundEffects';

/**
 * Notifications and sound effects, saved with the account; each save is confirmed in place.
 * Notifications are system notices, so they are on only where the browser allows them: turning
 * them on asks it, and a refusal is said here.
 */
export function NotificationsSection() {
  const { t } = useTranslation();
  const { access, ask } = useNotificationAccess();
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
  const switchNotifications = async (on: boolean) => {
    if (!on) return change({ notifications: false });
    setSaved(null);
    if ((await ask()) === 'granted') change({ notifications: true });
  };
  const notificationsOn = preferences?.notifications === true && access === 'granted';
  return (
    <div className="settings-stack" aria-busy={!preferences}>
      <Switch
        label={t('settings.notifications')}
        description={t('settings.notificationsHint')}
        checked={notificationsOn}
        disabled={!preferences || access === 'unsupported'}
        onChange={(on) => void switchNotifications(on)}
      />
      {access === 'denied' && <Alert tone="error">{t('settings.notificationsBlocked')}</Alert>}
      {access === 'unsupported' && (
        <Alert tone="info">{t('settings.notificationsUnsupported')}</Alert>
      )}
      <Switch
        label={t('settings.soundEffects')}
        description={t('settings.soundEffectsHint')}
        checked={preferences?.soundEffects ?? false}
        disabled={!preferences}
        onChange={(soundEffects) => change({ soundEffects })}
      />
      {preferences?.soundEffects && <SoundSettings />}
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

/**
 * The browser's answer about system notifications, and asking for them: turning the setting on
 * asks first, and it only turns on when the browser allows it.
 */
function useNotificationAccess() {
  const [access, setAccess] = useState<NotificationAccess>(notificationAccess);
  const ask = useCallback(async () => {
    const answer = await askNotificationAccess();
    setAccess(answer);
    return answer;
  }, []);
  return { access, ask };
}
