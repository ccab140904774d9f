import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import { useLocalePath } from '../language/useLocalePath';
import { useIsSuperAdmin } from '../session/useViewer';

/** For super administrators: a badge that leads to the developer pages. */
export function SuperAdminBadge() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const superAdmin = useIsSuperAdmin();
  if (!superAdmin) return null;
  return (
    <Tooltip content={t('header.superAdminHint')}>
      <Link
        to={localePath('/dev/')}
        className="badge badge--admin"
        aria-label={t('header.superAdminBadge')}
      >
        <ShieldCheck aria-hidden size={14} strokeWidth={2.4} />
        <span className="badge__text">{t('header.superAdminBadge')}</span>
      </Link>
    </Tooltip>
  );
}
