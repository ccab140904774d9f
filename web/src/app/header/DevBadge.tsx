import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import { usePublicConfig } from '../config/usePublicConfig';

/** Shown while the server runs with PUBLIC_DEV_MODE=true. */
export function DevBadge() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  if (!config?.devMode) return null;
  return (
    <Tooltip content={t('header.devBadgeHint')}>
      <span className="badge badge--dev" tabIndex={0} aria-label={t('header.devBadgeHint')}>
        {t('header.devBadge')}
      </span>
    </Tooltip>
  );
}
