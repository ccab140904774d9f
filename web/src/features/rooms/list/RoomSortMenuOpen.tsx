import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_SORTS, type RoomSort } from '@music-rooms/domain/rooms';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../ui/DropdownMenu';

type RoomSortMenuOpenProps = {
  trigger: ReactElement;
  value: RoomSort;
  onChange: (sort: RoomSort) => void;
};

function isSort(value: string): value is RoomSort {
  return (ROOM_SORTS as readonly string[]).includes(value);
}

/** The sort menu itself, loaded on first open (and open when it arrives). */
export function RoomSortMenuOpen({ trigger, value, onChange }: RoomSortMenuOpenProps) {
  const { t } = useTranslation();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
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
