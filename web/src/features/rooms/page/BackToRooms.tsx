import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { useLocalePath } from '../../../app/language/useLocalePath';

/** The way out of a room one may not enter yet: back to the room list on the home page. */
export function BackToRooms() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <Link to={localePath('/')} className="room-back">
      <ArrowLeft aria-hidden size={16} />
      {t('rooms.create.back')}
    </Link>
  );
}
