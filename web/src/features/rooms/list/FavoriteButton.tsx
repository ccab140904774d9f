import type { RoomId } from '@music-rooms/domain/ids';
import { useTranslation } from 'react-i18next';
import { Heart } from 'lucide-react';
import { cx } from '../../../lib/cx';
import { IconButton } from '../../../ui/IconButton';
import { useFavoriteToggle } from './useFavoriteToggle';

type FavoriteButtonProps = {
  roomId: RoomId;
  roomUrl: string;
  isFavorite: boolean;
  size?: 'sm' | 'md';
  className?: string;
};

/** The heart of a room card and of the room page's header: pressed when it is a favourite. */
export function FavoriteButton({
  roomId,
  roomUrl,
  isFavorite: serverValue,
  size = 'md',
  className,
}: FavoriteButtonProps) {
  const { t } = useTranslation();
  const { isFavorite, toggle } = useFavoriteToggle(roomId, roomUrl, serverValue);
  return (
    <IconButton
      icon={Heart}
      size={size}
      label={isFavorite ? t('rooms.favorite.remove') : t('rooms.favorite.add')}
      aria-pressed={isFavorite}
      className={cx('favorite-button', isFavorite && 'favorite-button--on', className)}
      onClick={toggle}
    />
  );
}
