import { useMemo, useRef, type CSSProperties } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { TrackId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { groupTracks, type TrackGrouping } from './grouping';
import { SortableTrackRow } from './SortableTrackRow';
import { TrackGroupHeader } from './TrackGroupHeader';
import { TrackRow, type TrackPlayback, type TrackRowActions } from './TrackRow';
import type { RoomPlaylists } from './playlist-entries';
import { useDragAnnouncements } from './useDragAnnouncements';
import { useRevealOwnUploads } from './useRevealOwnUploads';
import type { Selection } from './useSelection';

/** Every row is this tall, so the list can place thousands without measuring them. */
export const ROW_HEIGHT = 60;
/** A group's header (artist or album) in the grouped list. */
const HEADER_HEIGHT = 36;
const MAX_HEIGHT = 560;

type TrackListProps = {
  tracks: TrackSummary[];
  pass: RoomAccessArgs;
  canManage: boolean;
  /** Manual order, no search, an editor: rows can be dragged. */
  reorderable: boolean;
  selection: Selection;
  openTrack: TrackId | null;
  onOpenTrack: (id: TrackId) => void;
  onReorder: (ids: TrackId[]) => void;
  playback: TrackPlayback;
  playlists: RoomPlaylists;
  /** The tracks of the person's own uploads: a new one is scrolled into view. */
  ownUploads: ReadonlySet<TrackId>;
  /** Headers per artist or album over the tracks, in their order (never while reorderable). */
  grouping: TrackGrouping;
};

/**
 * The tracks, virtualized: only the rows in view (and a few around) are in the page, so a room
 * of ten thousand tracks scrolls as smoothly as one of ten. In the manual order an editor drags
 * rows by their handle (or moves them with the keyboard).
 */
export function TrackList({
  tracks,
  reorderable,
  onReorder,
  ownUploads,
  grouping,
  ...rest
}: TrackListProps) {
  const items = useMemo(() => groupTracks(tracks, grouping), [tracks, grouping]);
  const scroller = useRef<HTMLDivElement>(null);
  // The virtualizer hands out fresh measurements on every render by design; React's compiler
  // then leaves this component as it is, which is what a list that scrolls needs.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (items[index]!.kind === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => {
      const item = items[index]!;
      return item.kind === 'header' ? `group${item.key}` : item.track._id;
    },
    overscan: 8,
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  useRevealOwnUploads(virtualizer, tracks, ownUploads, (id) =>
    items.findIndex((item) => item.kind === 'track' && item.track._id === id),
  );
  const accessibility = useDragAnnouncements(tracks);
  const actions: TrackRowActions = {
    pass: rest.pass,
    canManage: rest.canManage,
    selection: rest.selection,
    onOpen: rest.onOpenTrack,
    playback: rest.playback,
    playlists: rest.playlists,
  };
  const now = Date.now();
  const total = virtualizer.getTotalSize();

  const rows = virtualizer.getVirtualItems().map((item) => {
    const shown = items[item.index]!;
    // Placed by `top`, not a transform: the drag measures rows without their transforms.
    const style: CSSProperties = { top: item.start };
    if (shown.kind === 'header') {
      return grouping === 'none' ? null : (
        <TrackGroupHeader
          key={item.key}
          by={grouping}
          name={shown.name}
          count={shown.count}
          style={style}
        />
      );
    }
    const track = shown.track;
    const common = {
      track,
      now,
      open: rest.openTrack === track._id,
      actions,
      style,
    };
    return reorderable ? (
      <SortableTrackRow key={track._id} {...common} />
    ) : (
      <TrackRow key={track._id} {...common} />
    );
  });
  const body = (
    <div role="list" className="track-list__rows" style={{ height: total }}>
      {rows}
    </div>
  );

  const dragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = tracks.map((track) => track._id);
    const from = ids.findIndex((id) => id === active.id);
    const to = ids.findIndex((id) => id === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove(ids, from, to));
  };

  return (
    <div
      ref={scroller}
      className="track-list"
      style={{ height: Math.min(total, MAX_HEIGHT) }}
      data-testid="track-list"
    >
      {reorderable ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={dragEnd}
          accessibility={accessibility}
        >
          <SortableContext
            items={tracks.map((track) => track._id)}
            strategy={verticalListSortingStrategy}
          >
            {body}
          </SortableContext>
        </DndContext>
      ) : (
        body
      )}
    </div>
  );
}
