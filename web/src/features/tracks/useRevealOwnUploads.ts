import { useEffect, useRef } from 'react';
import type { Virtualizer } from '@tanstack/react-virtual';
import type { TrackId } from '@music-rooms/domain/ids';
import type { TrackSummary } from '@music-rooms/domain/tracks';

/**
 * Scrolls the list to a track of the person's own upload when its row comes in, so what they
 * just added is in view. Rows already listed when the list was first shown, and other people's
 * new tracks, leave the scroll alone: someone reading the list is not moved by the room.
 */
export function useRevealOwnUploads(
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  tracks: readonly TrackSummary[],
  ownUploads: ReadonlySet<TrackId>,
  /** Where a track is among the list's rows (headers count as rows). */
  rowOf: (id: TrackId) => number,
): void {
  const listedAtFirst = useRef<ReadonlySet<TrackId> | null>(null);
  const revealed = useRef(new Set<TrackId>());
  useEffect(() => {
    listedAtFirst.current ??= new Set(tracks.map((track) => track._id));
    const before = listedAtFirst.current;
    let target: TrackId | null = null;
    for (const { _id: id } of tracks) {
      if (!ownUploads.has(id) || before.has(id) || revealed.current.has(id)) continue;
      revealed.current.add(id);
      target = id;
    }
    const row = target === null ? -1 : rowOf(target);
    if (row >= 0) virtualizer.scrollToIndex(row, { align: 'auto' });
  }, [virtualizer, tracks, ownUploads, rowOf]);
}
