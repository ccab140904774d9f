import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { OAuthProvider } from '@music-rooms/domain/limits';
import type { SessionUser } from '@music-rooms/domain/auth';
import { usePublicConfig } from '../../app/config/usePublicConfig';
import { useMessage } from '../../app/forms/useMessage';
import { serverMessage } from '../../app/forms/server-message';
import { queryMessage } from '../auth/query-messages';
import { useSessionActions } from '../../app/session/useSessionActions';
import { notify } from '../../app/toasts/toast-store';
import { listedProviders } from './account-rules';
import { unlinkProvider } from './account-api';
import { ProviderRow } from './ProviderRow';
import './account.css';

type LinkedAccountsProps = { user: SessionUser };

/** The providers one can sign in with: link one (in a popup) or unlink it (spec §2 Account). */
export function LinkedAccounts({ user }: LinkedAccountsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { text, isKnownKey } = useMessage();
  const { refresh } = useSessionActions();
  const { data: config } = usePublicConfig();
  const providers = listedProviders(config?.oauthProviders ?? [], user.providers);

  const unlink = async (provider: OAuthProvider) => {
    try {
      const answer = await unlinkProvider(provider);
      await refresh();
      const message = queryMessage(answer.message ?? '', 'auth.success.unlinked', isKnownKey);
      notify({ variant: 'success', title: text(message) });
    } catch (error) {
      const message = serverMessage(error, 'user.oauthUnlinkError', isKnownKey);
      notify({ variant: 'error', title: text(message), closable: true });
    }
  };

  if (providers.length === 0) {
    return <p className="account-muted">{t('account.noProviders')}</p>;
  }
  return (
    <ul className="provider-list">
      {providers.map((provider) => (
        <ProviderRow
          key={provider}
          user={user}
          provider={provider}
          returnTo={`${location.pathname}${location.search}`}
          onUnlink={unlink}
        />
      ))}
    </ul>
  );
}
