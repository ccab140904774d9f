import { useEffect } from 'react';
import { OAUTH_POPUP_CHANNEL, type OAuthPopupMessage } from '@music-rooms/domain/auth';
import { notify } from '../../app/toasts/toast-store';
import { closeDialog, getDialog } from '../../app/dialogs/dialog-store';
import { useMessage } from '../../app/forms/useMessage';
import { useSessionActions } from '../../app/session/useSessionActions';
import { parseOAuthMessage, type OAuthFlow } from './oauth';
import { finishOAuth, hasPendingOAuth } from './oauth-popup';
import { queryMessage } from './query-messages';

const FALLBACK: Record<OAuthFlow, { success: string; error: string }> = {
  signIn: { success: 'auth.success.signedIn', error: 'auth.errors.oauthAuthFailed' },
  link: { success: 'auth.success.linked', error: 'user.oauthLinkError' },
};

/** One notice per popup answer, though it may arrive twice (opener and channel). */
const NOTICE_ID = 'oauth-result';

/**
 * Hears the answer of a provider popup: from the window that opened it (checked to be this
 * site) and on the site's BroadcastChannel, for when a provider's pages cut the opener link.
 * The session takes the user it reports and a notice says how it went. Coming back to this
 * window while a popup is out reads the session again, so a finished sign-in still shows.
 */
export function useOAuthMessages(): void {
  const { text, isKnownKey } = useMessage();
  const { setUser, refresh } = useSessionActions();

  useEffect(() => {
    const handle = (data: unknown) => {
      const message = parseOAuthMessage(data);
      if (!message) return;
      finishOAuth();
      report(message);
    };
    const report = (message: OAuthPopupMessage) => {
      if (message.ok) {
        if (message.user) void setUser(message.user);
        else void refresh();
        if (getDialog()?.kind === 'auth') closeDialog();
      }
      const fallback = FALLBACK[message.mode][message.ok ? 'success' : 'error'];
      const value = (message.ok ? message.success : message.error) ?? '';
      notify({
        id: NOTICE_ID,
        variant: message.ok ? 'success' : 'error',
        title: text(queryMessage(value, fallback, isKnownKey)),
        closable: !message.ok,
      });
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin) handle(event.data);
    };
    const onFocus = () => {
      if (hasPendingOAuth()) void refresh();
    };
    const channel =
      typeof BroadcastChannel === 'function' ? new BroadcastChannel(OAUTH_POPUP_CHANNEL) : null;
    channel?.addEventListener('message', (event: MessageEvent) => handle(event.data));
    window.addEventListener('message', onMessage);
    window.addEventListener('focus', onFocus);
    return () => {
      channel?.close();
      window.removeEventListener('message', onMessage);
      window.removeEventListener('focus', onFocus);
    };
  }, [text, isKnownKey, setUser, refresh]);
}
