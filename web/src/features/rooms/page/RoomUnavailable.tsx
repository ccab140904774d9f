import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ban, House } from 'lucide-react';
import { buttonClass } from '../../../ui/button-class';
import { EmptyState } from '../../../ui/EmptyState';
import { useLocalePath } from '../../../app/language/useLocalePath';

/**
 * An invite-only room seen by someone who is not its member (spec §4: marked unavailable, in
 * development). Its name and content stay hidden.
 */
export function RoomUnavailable() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <EmptyState
      icon={Ban}
      title={t('rooms.access.unavailableTitle')}
      text={t('rooms.access.unavailableText')}
    >
      <Link to={localePath('/')} className={buttonClass('secondary')}>
        <House aria-hidden size={17} />
        {t('rooms.create.back')}
      </Link>
    </EmptyState>
  );
}
