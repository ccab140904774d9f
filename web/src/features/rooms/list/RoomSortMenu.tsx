import { useTranslation } from 'react-i18next';
import { ArrowDownUp } from 'lucide-react';
import { ROOM_SORTS, type RoomSort } from '@music-rooms/domain/rooms';
import { buttonClass } from '../../../ui/button-class';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../ui/DropdownMenu';

type RoomSortMenuProps = { value: RoomSort; onChange: (sort: RoomSort) => void };

function isSort(value: string): value is RoomSort {
  return (ROOM_SORTS as readonly string[]).includes(value);
}

/** The order of the room list: newest, oldest, by name either way, or most listeners first. */
export function RoomSortMenu({ value, onChange }: RoomSortMenuProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className={buttonClass('secondary', 'md', 'room-toolbar__sort')}
        aria-label={`${t('rooms.sort.label')}: ${t(`rooms.sort.${value}`)}`}
      >
        <ArrowDownUp aria-hidden size={16} />
        <span className="room-toolbar__sort-text">{t(`rooms.sort.${value}`)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('rooms.sort.label')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={value}
          onValueChange={(next) => isSort(next) && onChange(next)}
        >
          {ROOM_SORTS.map((sort) => (
            <DropdownMenuRadioItem key={sort} value={sort}>
              {t(`rooms.sort.${sort}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
