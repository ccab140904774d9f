import { useTranslation } from 'react-i18next';
import { Crown } from 'lucide-react';
import type { Listener } from '@music-rooms/domain/listeners';
import { Avatar } from '../../../ui/Avatar';
import { cx } from '../../../lib/cx';

type ListenerRowProps = { listener: Listener; isMe: boolean };

/** Shown offsets: whole milliseconds, with a sign, under 1 s; seconds beyond. */
function offsetText(offsetMs: number): string {
  const sign = offsetMs > 0 ? '+' : offsetMs < 0 ? '−' : '±';
  const size = Math.abs(offsetMs);
  return size < 1000 ? `${sign}${Math.round(size)}` : `${sign}${(size / 1000).toFixed(1)}`;
}

/** One person present: picture, name, role, the host's crown, and their page's sync. */
export function ListenerRow({ listener, isMe }: ListenerRowProps) {
  const { t } = useTranslation();
  const { user, role, isHost, status, offsetMs } = listener;
  const name = user?.name ?? t('room.listeners.guest');
  const showOffset = offsetMs !== null && (status === 'inSync' || status === 'syncing');
  return (
    <li className="listener" data-status={status}>
      <Avatar name={name} avatar={user?.avatar ?? '#8a8f98'} size="sm" />
      <span className="listener__who">
        <span className="listener__name">
          {name}
          {isMe && <span className="listener__me">{t('room.listeners.you')}</span>}
        </span>
        <span className="listener__role">
          {isHost && (
            <span className="listener__host">
              <Crown size={12} aria-hidden />
              {t('player.host')}
            </span>
          )}
          {role ? t(`rooms.roles.${role}`) : t('room.listeners.visitor')}
        </span>
      </span>
      <span className={cx('listener__sync', `listener__sync--${status}`)}>
        <span className="listener__dot" aria-hidden />
        {t(`room.listeners.status.${status}`)}
        {showOffset && (
          <span className="listener__offset">
            {t(Math.abs(offsetMs) < 1000 ? 'room.listeners.offsetMs' : 'room.listeners.offsetS', {
              offset: offsetText(offsetMs),
            })}
          </span>
        )}
      </span>
    </li>
  );
}
