import { useTranslation } from 'react-i18next';
import { BellDot, X } from 'lucide-react';
import type { AddedNotice } from '@music-rooms/domain/rooms';
import { IconButton } from '../../../ui/IconButton';
import { callMutation } from '../../../lib/api/functions';
import { notify } from '../../../app/toasts/toast-store';
import './added-notice.css';

type AddedNoticeMarkProps = { notice: AddedNotice };

/**
 * "Added by …" on the card of a room the user was just added to, until they open the room or
 * dismiss the mark here (the live notices drop it then).
 */
export function AddedNoticeMark({ notice }: AddedNoticeMarkProps) {
  const { t } = useTranslation();
  const dismiss = () =>
    void callMutation('rooms.dismissAddedNotice', { roomId: notice.roomId }).catch(() =>
      notify({ variant: 'error', title: t('roomNotices.dismissFailed') }),
    );
  return (
    <p className="added-notice">
      <BellDot aria-hidden size={14} strokeWidth={2.2} />
      <span className="added-notice__text">
        {notice.addedBy
          ? t('roomNotices.addedBy', { name: notice.addedBy.name })
          : t('roomNotices.added')}
      </span>
      <IconButton
        icon={X}
        size="sm"
        label={t('roomNotices.dismiss')}
        className="added-notice__dismiss"
        onClick={dismiss}
      />
    </p>
  );
}
