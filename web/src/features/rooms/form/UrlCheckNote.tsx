import { useTranslation } from 'react-i18next';
import { Check, LoaderCircle } from 'lucide-react';
import { ROOM_LIMITS } from '@music-rooms/domain/rooms';
import type { UrlCheck } from './useRoomUrlCheck';

type UrlCheckNoteProps = { check: UrlCheck };

/** What the live check of a room URL says while the URL is acceptable. */
export function UrlCheckNote({ check }: UrlCheckNoteProps) {
  const { t } = useTranslation();
  if (check === 'checking') {
    return (
      <span className="field__status" role="status">
        <LoaderCircle aria-hidden size={14} className="spin" />
        {t('rooms.url.checking')}
      </span>
    );
  }
  if (check === 'available') {
    return (
      <span className="field__status field__status--ok" role="status">
        <Check aria-hidden size={14} strokeWidth={2.6} />
        {t('rooms.url.available')}
      </span>
    );
  }
  if (check === 'current') return <span>{t('rooms.url.current')}</span>;
  return (
    <span>{t('rooms.url.format', { min: ROOM_LIMITS.url.min, max: ROOM_LIMITS.url.max })}</span>
  );
}
