import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionUser } from '@music-rooms/domain/auth';
import { notify } from '../../app/toasts/toast-store';

/** The notice after signing in or signing up. */
export function useWelcome() {
  const { t } = useTranslation();
  return useCallback(
    (user: SessionUser, isNew: boolean) =>
      notify({
        id: 'welcome',
        variant: 'success',
        title: isNew
          ? t('auth.welcomeNew', { name: user.name })
          : t('auth.welcomeBack', { name: user.name }),
      }),
    [t],
  );
}
