import { useTranslation } from 'react-i18next';
import { DevBadge } from './DevBadge';
import { HeaderTitle } from './HeaderTitle';
import { Logo } from './Logo';
import { SignInButton } from './SignInButton';
import { SuperAdminBadge } from './SuperAdminBadge';
import { UserMenu } from './UserMenu';
import { usePageHeaderState } from './usePageHeader';
import './header.css';

/** The header on every page: logo, page title and icon, favourite slot, badges, user menu. */
export function AppHeader() {
  const { t } = useTranslation();
  const header = usePageHeaderState();
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Logo />
        <span className="app-header__divider" aria-hidden />
        <div className="app-header__page">
          <HeaderTitle title={header?.title ?? t('app.name')} icon={header?.icon} />
          {header?.favourite && <div className="app-header__favourite">{header.favourite}</div>}
        </div>
        <div className="app-header__end">
          <DevBadge />
          <SuperAdminBadge />
          <SignInButton />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
