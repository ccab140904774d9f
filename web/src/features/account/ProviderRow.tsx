import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link2, Unlink } from 'lucide-react';
import type { OAuthProvider } from '@music-rooms/domain/limits';
import type { SessionUser } from '@music-rooms/domain/auth';
import { Button } from '../../ui/Button';
import { ProviderIcon } from '../auth/ProviderIcon';
import { startOAuth } from '../auth/oauth-popup';
import { canUnlink } from './account-rules';

type ProviderRowProps = {
  user: SessionUser;
  provider: OAuthProvider;
  returnTo: string;
  onUnlink: (provider: OAuthProvider) => Promise<void>;
};

/** One provider in the linked accounts list: linked or not, and the button that changes it. */
export function ProviderRow({ user, provider, returnTo, onUnlink }: ProviderRowProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const linked = user.providers.includes(provider);
  const unlinkable = canUnlink(user, provider);
  const name = t(`providers.${provider}`);
  const noteId = `provider-${provider}-note`;

  const unlink = async () => {
    setBusy(true);
    try {
      await onUnlink(provider);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="provider-row">
      <span className="provider-row__icon" aria-hidden>
        <ProviderIcon provider={provider} size={20} />
      </span>
      <div className="provider-row__text">
        <span className="provider-row__name">{name}</span>
        <span className="provider-row__status" data-linked={linked}>
          {linked ? t('account.linked') : t('account.notLinked')}
        </span>
      </div>
      {linked ? (
        <Button
          size="sm"
          variant="secondary"
          icon={Unlink}
          disabled={!unlinkable || busy}
          aria-describedby={unlinkable ? undefined : noteId}
          aria-label={t('account.unlinkProvider', { provider: name })}
          onClick={() => void unlink()}
        >
          {t('account.unlink')}
        </Button>
      ) : (
        <Button
          size="sm"
          variant="secondary"
          icon={Link2}
          aria-label={t('account.linkProvider', { provider: name })}
          onClick={() => startOAuth('link', provider, returnTo)}
        >
          {t('account.link')}
        </Button>
      )}
      {linked && !unlinkable && (
        <p id={noteId} className="provider-row__note">
          {t('account.lastMethod')}
        </p>
      )}
    </li>
  );
}
