import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../../ui/Button';
import { usePublicConfig } from '../../app/config/usePublicConfig';
import { ProviderIcon } from './ProviderIcon';
import { startOAuth } from './oauth-popup';
import { safeReturnTo } from './query-messages';

type ProviderButtonsProps = { returnTo?: string };

/** "Continue with Google / GitHub / Spotify" for the providers this server has set up. */
export function ProviderButtons({ returnTo }: ProviderButtonsProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { data: config } = usePublicConfig();
  const providers = config?.oauthProviders ?? [];
  if (providers.length === 0) return null;
  const back = safeReturnTo(returnTo ?? `${location.pathname}${location.search}`);
  return (
    <div className="providers">
      <p className="providers__divider">
        <span>{t('auth.orContinueWith')}</span>
      </p>
      <div className="providers__list">
        {providers.map((provider) => (
          <Button
            key={provider}
            variant="secondary"
            className="providers__button"
            onClick={() => startOAuth('signIn', provider, back)}
          >
            <ProviderIcon provider={provider} />
            {t('auth.continueWith', { provider: t(`providers.${provider}`) })}
          </Button>
        ))}
      </div>
    </div>
  );
}
