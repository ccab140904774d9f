import { useTranslation } from 'react-i18next';
import { Crown, Hourglass, Ban, UserRound } from 'lucide-react';
import type { RoomUserRole } from '@music-rooms/domain/rooms';
import { cx } from '../../../lib/cx';
import { Tooltip } from '../../../ui/Tooltip';

type RoleBadgeProps = { role: RoomUserRole };

/** The viewer's role in a room, with a tooltip that says so ("Your role: Editor"). */
export function RoleBadge({ role }: RoleBadgeProps) {
  const { t } = useTranslation();
  const label = t(`rooms.roles.${role}`);
  const Icon =
    role === 'owner'
      ? Crown
      : role === 'requested'
        ? Hourglass
        : role === 'rejected'
          ? Ban
          : UserRound;
  return (
    <Tooltip content={t('rooms.yourRole', { role: label })}>
      <span
        className={cx('room-chip', 'room-chip--role', `room-chip--${role}`)}
        tabIndex={0}
        aria-label={t('rooms.yourRole', { role: label })}
      >
        <Icon aria-hidden size={13} strokeWidth={2.4} />
        {label}
      </span>
    </Tooltip>
  );
}
