import { useEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LayoutGrid } from 'lucide-react';
import { DEV_PAGES } from '@music-rooms/domain/routes';
import { cx } from '../../lib/cx';
import { DEV_PAGE_ICONS } from './dev-pages';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cx('dev-nav__link', isActive && 'dev-nav__link--active');

/** The list of developer pages, beside the page on wide screens and above it on phones. */
export function DevNav() {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  // On phones the list scrolls sideways: keep the current page in view.
  useEffect(() => {
    const list = nav.current;
    const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !active || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav ref={nav} className="dev-nav" aria-label={t('dev.nav')}>
      <NavLink to="." end className={linkClass}>
        <LayoutGrid aria-hidden size={16} />
        {t('dev.overview')}
      </NavLink>
      {DEV_PAGES.map((page) => {
        const Icon = DEV_PAGE_ICONS[page];
        return (
          <NavLink key={page} to={page} className={linkClass}>
            <Icon aria-hidden size={16} />
            {t(`dev.pages.${page}.title`)}
          </NavLink>
        );
      })}
    </nav>
  );
}
