import { useEffect, useRef } from 'react';
import type { UserId } from '@music-rooms/domain/ids';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { useErrorText } from '../../../app/forms/useErrorText';
import { RoomCard } from './RoomCard';
import { RoomListEmpty } from './RoomListEmpty';
import { useAddedNotices } from './useAddedNotices';
import { useRoomList } from './useRoomList';
import type { RoomListParams } from './useRoomListParams';

type RoomListProps = { params: RoomListParams; userId: UserId | null };

/** The cards of one list, live, with "load more" while there are more rooms than shown. */
export function RoomList({ params, userId }: RoomListProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { view, loadMore } = useRoomList(params, userId);
  const { listRef, showMore } = useFocusFirstNew(view.rooms.length, loadMore);
  const addedNotices = useAddedNotices(userId);

  if (view.loading) {
    return (
      <div
        className="room-grid room-grid--loading"
        aria-busy="true"
        aria-label={t('rooms.list.loading')}
      >
        {[0, 1, 2].map((index) => (
          <div key={index} className="room-card room-card--skeleton" aria-hidden />
        ))}
      </div>
    );
  }
  if (view.error && view.rooms.length === 0) {
    return <Alert tone="error">{errorText(view.error, 'rooms.list.loadError')}</Alert>;
  }
  if (view.rooms.length === 0) return <RoomListEmpty params={params} />;
  return (
    <>
      <p className="room-list__count" aria-live="polite">
        {t('rooms.list.count', { count: view.total })}
      </p>
      <ul className="room-grid" ref={listRef}>
        {view.rooms.map((room) => (
          <li key={room._id}>
            <RoomCard
              room={room}
              author={view.roomAuthors[room._id]}
              members={view.roomUsers[room._id] ?? []}
              addedNotice={addedNotices.get(room._id)}
            />
          </li>
        ))}
      </ul>
      {view.nextOffset !== null && (
        <div className="room-list__more">
          <Button busy={view.loadingMore} onClick={showMore}>
            {view.loadingMore ? t('app.loading') : t('rooms.list.loadMore')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * "Show more rooms" moves the keyboard focus to the first card it added, so a keyboard or
 * screen-reader user goes on reading where the list grew instead of starting over.
 */
function useFocusFirstNew(count: number, loadMore: () => void) {
  const listRef = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    listRef.current?.children[index]?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [count]);
  const showMore = () => {
    firstNew.current = count;
    loadMore();
  };
  return { listRef, showMore };
}
