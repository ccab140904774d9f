import type { ReactElement } from 'react';
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
import { UserMenuHeader } from './UserMenuHeader';

type UserMenuOpenProps = { trigger: ReactElement };

/** The user menu itself, loaded on first open (and open when it arrives). */
export function UserMenuOpen({ trigger }: UserMenuOpenProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const { user } = useSession();
  const signOut = useSignOut();
  // Language and theme keep the menu open, so the change can be seen at once.
  const keepOpen = (event: Event) => event.preventDefault();

  // Modal: the page waits while the menu is open. A non-modal menu reopened right after
  // Escape could close itself again when the focus came back to the avatar.
  return (
    <DropdownMenu defaultOpen>
      <Tooltip content={t('userMenu.open')}>
        <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
