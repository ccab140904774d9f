import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS } from '@music-rooms/domain/rooms';
import { SearchField } from '../../../ui/SearchField';

/** How long typing must pause before the search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type RoomSearchProps = { value: string; onSearch: (search: string) => void };

/** The search box of the room list: it searches once typing pauses, at once when cleared. */
export function RoomSearch({ value, onSearch }: RoomSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const change = (next: string) => {
    setText(next);
    if (timer.current !== null) clearTimeout(timer.current);
    const delay = next.trim() === '' ? 0 : SEARCH_DEBOUNCE_MS;
    timer.current = setTimeout(() => onSearch(next), delay);
  };

  return (
    <SearchField
      label={t('rooms.list.search')}
      clearLabel={t('rooms.list.clearSearch')}
      placeholder={t('rooms.list.searchPlaceholder')}
      value={text}
      onChange={change}
      maxLength={ROOM_LIMITS.searchMax}
    />
  );
}
