import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@music-rooms/domain/auth';
import { notify } from '../../app/toasts/toast-store';
import { rememberSignedIn } from '../../app/session/new-account';

/** The notice after signing in or signing up (and the home page's greeting follows it). */
export function useWelcome() {
  const { t } = useTranslation();
  return useCallback(
    (user: SessionUser, isNew: boolean) => {
      rememberSignedIn(user, isNew);
      notify({
        id: 'welcome',
        variant: 'success',
        title: isNew
          ? t('auth.welcomeNew', { name: user.name })
          : t('auth.welcomeBack', { name: user.name }),
      });
    },
    [t],
  );
}
