import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Ban, House } from 'lucide-react';
import type { RoomPreview } from '@music-rooms/domain/rooms';
import { buttonClass } from '../../../ui/button-class';
import { EmptyState } from '../../../ui/EmptyState';
import { useLocalePath } from '../../../app/language/useLocalePath';
import { RoomPreviewMeta } from './RoomPreviewMeta';

type RoomUnavailableProps = { preview: RoomPreview | null };

/**
 * An invite-only room seen by someone who is not its member (spec §4: marked unavailable, in
 * development). What its card shows (the name, in the header; markers; owner) is all they see.
 */
export function RoomUnavailable({ preview }: RoomUnavailableProps) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <div className="room-unavailable">
      {preview && <RoomPreviewMeta preview={preview} />}
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
    </div>
  );
}
