import { useTranslation } from 'react-i18next';
import { DoorOpen, Heart, Radio, SearchX } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { CreateRoomButton } from './CreateRoomButton';
import type { RoomListParams } from './useRoomListParams';

type RoomListEmptyProps = { params: RoomListParams };

/** An empty list says why: nothing matches the search, no favourites, or no rooms at all. */
export function RoomListEmpty({ params }: RoomListEmptyProps) {
  const { t } = useTranslation();
  if (params.search) {
    return (
      <EmptyState
        icon={SearchX}
        title={t('rooms.list.noResultsTitle')}
        text={t('rooms.list.noResultsText', { search: params.search })}
      />
    );
  }
  if (params.favoritesOnly) {
    return (
      <EmptyState
        icon={Heart}
        title={t('rooms.list.noFavoritesTitle')}
        text={t('rooms.list.noFavoritesText')}
      />
    );
  }
  const mine = params.tab === 'mine';
  return (
    <EmptyState
      icon={mine ? DoorOpen : Radio}
      title={mine ? t('home.rooms.mineEmptyTitle') : t('home.rooms.emptyTitle')}
      text={mine ? t('home.rooms.mineEmptyText') : t('home.rooms.emptyText')}
    >
      <CreateRoomButton />
    </EmptyState>
  );
}
