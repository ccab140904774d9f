import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LogIn, Settings, UserRound, UserRoundPlus } from 'lucide-react';
import { APP_ROUTES } from '@music-rooms/domain/routes';
import { DropdownMenuItem } from '../../ui/DropdownMenu';
import { openAuthDialog, openDialog } from '../dialogs/dialog-store';
import { useLocalePath } from '../language/useLocalePath';

type AccountMenuItemsProps = { signedIn: boolean };

/** Account and settings for a signed-in user; sign in and sign up for a guest. */
export function AccountMenuItems({ signedIn }: AccountMenuItemsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  if (!signedIn) {
    return (
      <>
        <DropdownMenuItem icon={LogIn} onSelect={() => openAuthDialog('signIn')}>
          {t('common.signIn')}
        </DropdownMenuItem>
        <DropdownMenuItem icon={UserRoundPlus} onSelect={() => openAuthDialog('signUp')}>
          {t('common.signUp')}
        </DropdownMenuItem>
      </>
    );
  }
  return (
    <>
      <DropdownMenuItem icon={UserRound} onSelect={() => openDialog({ kind: 'account' })}>
        {t('userMenu.account')}
      </DropdownMenuItem>
      <DropdownMenuItem
        icon={Settings}
        onSelect={() => void navigate(localePath(APP_ROUTES.settings))}
      >
        {t('userMenu.settings')}
      </DropdownMenuItem>
    </>
  );
}
