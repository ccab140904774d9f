import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { Button } from '../../ui/Button';
import { openAuthDialog } from '../dialogs/dialog-store';
import { useViewer } from '../session/useViewer';

/** The header's "Sign in" button, for guests. */
export function SignInButton() {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (viewer) return null;
  return (
    <Button
      size="sm"
      variant="primary"
      icon={LogIn}
      className="header-sign-in"
      onClick={() => openAuthDialog('signIn')}
    >
      {t('common.signIn')}
    </Button>
  );
}
