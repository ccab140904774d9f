import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { House } from 'lucide-react';
import { buttonClass } from '../../../ui/button-class';
import { StatusMessage } from '../../../ui/StatusMessage';
import { useLocalePath } from '../../../app/language/useLocalePath';

type RoomNotFoundProps = { roomUrl: string };

/** No room at this address (spec §2 Room-not-found page): it never was, was deleted or moved. */
export function RoomNotFound({ roomUrl }: RoomNotFoundProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <StatusMessage
      code={t('notFound.code')}
      title={t('room.notFoundTitle')}
      text={t('room.notFoundText', { url: roomUrl })}
    >
      <Link to={localePath('/')} className={buttonClass('primary')}>
        <House aria-hidden size={17} />
        {t('rooms.create.back')}
      </Link>
    </StatusMessage>
  );
}
