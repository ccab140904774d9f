import { useTranslation } from 'react-i18next';
import { LogOut } from 'lucide-react';
import { Tooltip } from '../../ui/Tooltip';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/DropdownMenu';
import { useSession } from '../session/useSession';
import { useSignOut } from '../session/useSignOut';
import { useViewer } from '../session/useViewer';
import { ThemeMenuItems } from '../theme/ThemeMenuItems';
import { AccountMenuItems } from './AccountMenuItems';
import { LanguageMenuItems } from './LanguageMenuItems';
import { UserAvatar } from './UserAvatar';
import { UserMenuHeader } from './UserMenuHeader';

/**
 * The user menu (spec §2 User dropdown). Signed in: who you are, account, profile and settings,
 * language, theme, logout. A guest: sign in or sign up, language, theme.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { user } = useSession();
  const signOut = useSignOut();
  // Language and theme keep the menu open, so the change can be seen at once.
  const keepOpen = (event: Event) => event.preventDefault();

  // Modal: the page waits while the menu is open. A non-modal menu reopened right after
  // Escape could close itself again when the focus came back to the avatar.
  return (
    <DropdownMenu>
      <Tooltip content={t('userMenu.open')}>
        <DropdownMenuTrigger className="user-menu__trigger" aria-label={t('userMenu.open')}>
          <UserAvatar user={viewer} />
        </DropdownMenuTrigger>
      </Tooltip>
      <DropdownMenuContent align="end">
        <UserMenuHeader viewer={viewer} username={user?.username ?? null} />
        <DropdownMenuSeparator />
        <AccountMenuItems signedIn={viewer !== null} />
        <DropdownMenuSeparator />
        <LanguageMenuItems onSelect={keepOpen} />
        <DropdownMenuSeparator />
        <ThemeMenuItems onSelect={keepOpen} />
        {viewer && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem icon={LogOut} onSelect={() => void signOut()}>
              {t('userMenu.logout')}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
