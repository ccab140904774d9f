import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight } from 'lucide-react';
import { DEV_PAGE_ICONS, type DevPage } from './dev-pages';

type DevPageCardProps = { page: DevPage };

/** A developer page on the overview: its name, what it is for, and the way in. */
export function DevPageCard({ page }: DevPageCardProps) {
  const { t } = useTranslation();
  const Icon = DEV_PAGE_ICONS[page];
  return (
    <li>
      <Link to={page} className="dev-card">
        <span className="dev-card__icon" aria-hidden>
          <Icon size={18} />
        </span>
        <span className="dev-card__body">
          <span className="dev-card__title">{t(`dev.pages.${page}.title`)}</span>
          <span className="dev-card__text">{t(`dev.pages.${page}.description`)}</span>
        </span>
        <ChevronRight aria-hidden size={18} className="dev-card__chevron" />
      </Link>
    </li>
  );
}
