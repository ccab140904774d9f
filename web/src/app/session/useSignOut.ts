import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../language/useLocalePath';
import { notify } from '../toasts/toast-store';
import { useSessionActions } from './useSessionActions';

/** Logs out and returns to the home page (spec §4 Auth). */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { signOut } = useSessionActions();
  return useCallback(async () => {
    try {
      await signOut();
    } catch {
      notify({ variant: 'error', title: t('auth.signOutError'), closable: true });
      return;
    }
    await navigate(localePath('/'));
    notify({ id: 'signed-out', variant: 'info', title: t('auth.signedOut') });
  }, [t, navigate, localePath, signOut]);
}
