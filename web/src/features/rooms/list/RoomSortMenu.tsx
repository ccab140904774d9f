import { Suspense, cloneElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDownUp } from 'lucide-react';
import type { RoomSort } from '@music-rooms/domain/rooms';
import { lazyComponent } from '../../../app/build-updates/load-chunk';
import { buttonClass } from '../../../ui/button-class';
import { useDeferredMenu } from '../../../ui/useDeferredMenu';

type RoomSortMenuProps = { value: RoomSort; onChange: (sort: RoomSort) => void };

const loadMenu = () => import('./RoomSortMenuOpen');
const RoomSortMenuOpen = lazyComponent(loadMenu, 'RoomSortMenuOpen');

/** The order of the room list: newest, oldest, by name either way, or most listeners first. */
export function RoomSortMenu({ value, onChange }: RoomSortMenuProps) {
  const { t } = useTranslation();
  const { opened, triggerProps } = useDeferredMenu(loadMenu);
  const trigger = (
    <button
      type="button"
      className={buttonClass('secondary', 'md', 'room-toolbar__sort')}
      aria-label={`${t('rooms.sort.label')}: ${t(`rooms.sort.${value}`)}`}
    >
      <ArrowDownUp aria-hidden size={16} />
      <span className="room-toolbar__sort-text">{t(`rooms.sort.${value}`)}</span>
    </button>
  );
  if (!opened) return cloneElement(trigger, triggerProps);
  return (
    <Suspense fallback={trigger}>
      <RoomSortMenuOpen trigger={trigger} value={value} onChange={onChange} />
    </Suspense>
  );
}
