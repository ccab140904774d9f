import { Link } from 'react-router';
import { AudioLines } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../language/useLocalePath';

/** The product mark and name, linking to the home page. */
export function Logo() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link to={localePath('/')} className="logo" aria-label={t('header.home')}>
      <span className="logo__mark" aria-hidden>
        <AudioLines size={20} strokeWidth={2.4} />
      </span>
      <span className="logo__name" aria-hidden>
        {t('app.name')}
      </span>
    </Link>
  );
}
