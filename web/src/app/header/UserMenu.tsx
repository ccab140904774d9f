import { Suspense, cloneElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../ui/Tooltip';
import { useDeferredMenu } from '../../ui/useDeferredMenu';
import { lazyComponent } from '../build-updates/load-chunk';
import { useViewer } from '../session/useViewer';
import { UserAvatar } from './UserAvatar';

const loadMenu = () => import('./UserMenuOpen');
const UserMenuOpen = lazyComponent(loadMenu, 'UserMenuOpen');

/**
 * The user menu (spec §2 User dropdown). Signed in: who you are, account, profile and settings,
 * language, theme, logout. A guest: sign in or sign up, language, theme. Its code loads on
 * first open.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { opened, triggerProps } = useDeferredMenu(loadMenu);
  const trigger = (
    <button type="button" className="user-menu__trigger" aria-label={t('userMenu.open')}>
      <UserAvatar user={viewer} />
    </button>
  );
  const standIn = (
    <Tooltip content={t('userMenu.open')}>{cloneElement(trigger, triggerProps)}</Tooltip>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <UserMenuOpen trigger={trigger} />
    </Suspense>
  );
}
