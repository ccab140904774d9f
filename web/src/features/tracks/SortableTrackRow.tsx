import type { CSSProperties, ComponentProps } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { TrackRow } from './TrackRow';

type SortableTrackRowProps = Omit<
  ComponentProps<typeof TrackRow>,
  'handle' | 'rowRef' | 'handleRef'
>;

/** A row of the manual order that an editor drags by its handle. */
export function SortableTrackRow({ style, ...rest }: SortableTrackRowProps) {
  const sortable = useSortable({ id: rest.track._id });
  const shift = sortable.transform?.y ?? 0;
  const moved: CSSProperties = {
    ...style,
    transform: shift ? `translateY(${shift}px)` : undefined,
    transition: sortable.transition,
    zIndex: sortable.isDragging ? 2 : undefined,
  };
  return (
    <TrackRow
      {...rest}
      style={moved}
      rowRef={sortable.setNodeRef}
      handleRef={sortable.setActivatorNodeRef}
      handle={{
        props: { ...sortable.attributes, ...sortable.listeners },
        dragging: sortable.isDragging,
      }}
    />
  );
}
