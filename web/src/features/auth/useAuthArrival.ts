import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMessage } from '../../app/forms/useMessage';
import { useSessionActions } from '../../app/session/useSessionActions';
import { notify } from '../../app/toasts/toast-store';
import { queryMessage, safeReturnTo } from './query-messages';

/**
 * What a full-page provider flow brought to the authentication page (spec §2 /auth): a
 * `success` key signs the page in and goes back to `returnTo` with a notice; an `error` key is
 * shown on the page. Either value leaves the address at once.
 */
export function useAuthArrival() {
  const navigate = useNavigate();
  const { text, isKnownKey } = useMessage();
  const { refresh } = useSessionActions();
  const [params] = useSearchParams();
  // Read once: the values are taken out of the address right away.
  const [arrival] = useState(() => ({
    error: params.get('error'),
    success: params.get('success'),
    returnTo: safeReturnTo(params.get('returnTo')),
  }));

  useEffect(() => {
    const { error, success, returnTo } = arrival;
    if (success) {
      void refresh().then(() => {
        const message = queryMessage(success, 'auth.success.signedIn', isKnownKey);
        notify({ id: 'auth-arrival', variant: 'success', title: text(message) });
        void navigate(returnTo, { replace: true });
      });
    } else if (error) {
      const rest = new URLSearchParams(window.location.search);
      rest.delete('error');
      void navigate({ search: rest.toString() }, { replace: true });
    }
  }, [arrival, refresh, navigate, text, isKnownKey]);

  return {
    error:
      arrival.error && text(queryMessage(arrival.error, 'auth.errors.oauthAuthFailed', isKnownKey)),
    /** Signing in after a provider flow: nothing to show but the way back. */
    finishing: arrival.success !== null,
    returnTo: arrival.returnTo,
  };
}
