import { useTranslation } from 'react-i18next';
import { Heart } from 'lucide-react';
import { cx } from '../../../lib/cx';
import { Button } from '../../../ui/Button';
import { Tooltip } from '../../../ui/Tooltip';
import { requireSignIn } from '../../auth/require-sign-in';
import { RoomSearch } from './RoomSearch';
import { RoomSortMenu } from './RoomSortMenu';
import type { RoomListParams } from './useRoomListParams';

type RoomListToolbarProps = {
  params: RoomListParams;
  update: (changes: Partial<RoomListParams>) => void;
};

/** Search, sort and the favourites filter of the room list. */
export function RoomListToolbar({ params, update }: RoomListToolbarProps) {
  const { t } = useTranslation();
  const toggleFavorites = () => {
    if (params.favoritesOnly) return update({ favoritesOnly: false });
    requireSignIn(() => update({ favoritesOnly: true }));
  };
  return (
    <div className="room-toolbar">
      <RoomSearch value={params.search} onSearch={(search) => update({ search })} />
      <div className="room-toolbar__controls">
        <Tooltip content={t('rooms.list.favoritesHint')}>
          <Button
            icon={Heart}
            aria-pressed={params.favoritesOnly}
            className={cx('room-toolbar__favorites', params.favoritesOnly && 'is-on')}
            onClick={toggleFavorites}
          >
            {t('rooms.list.favorites')}
          </Button>
        </Tooltip>
        <RoomSortMenu value={params.sort} onChange={(sort) => update({ sort })} />
      </div>
    </div>
  );
}
