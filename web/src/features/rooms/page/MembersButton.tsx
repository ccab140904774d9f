import { useTranslation } from 'react-i18next';
import { Users } from 'lucide-react';
import { Button } from '../../../ui/Button';

type MembersButtonProps = {
  /** Access requests waiting for an answer (shown to those who may give it). */
  waiting: number;
  onClick: () => void;
};

/** Opens the users modal; a badge counts the access requests waiting, live. */
export function MembersButton({ waiting, onClick }: MembersButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      icon={Users}
      onClick={onClick}
      aria-label={waiting > 0 ? t('rooms.users.openWithRequests', { count: waiting }) : undefined}
    >
      {t('rooms.users.open')}
      {waiting > 0 && (
        <span className="members-badge" aria-hidden>
          {waiting}
        </span>
      )}
    </Button>
  );
}
