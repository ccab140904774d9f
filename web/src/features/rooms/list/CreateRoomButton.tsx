import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { APP_ROUTES } from '@music-rooms/domain/routes';
import { Plus } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { requireSignIn } from '../../auth/require-sign-in';
import { useLocalePath } from '../../../app/language/useLocalePath';

type CreateRoomButtonProps = { className?: string };

/** Opens the create-room screen; a guest is asked to sign in first. */
export function CreateRoomButton({ className }: CreateRoomButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (
    <Button
      variant="primary"
      icon={Plus}
      className={className}
      onClick={() => requireSignIn(() => void navigate(localePath(APP_ROUTES.createRoom)))}
    >
      {t('rooms.list.create')}
    </Button>
  );
}
