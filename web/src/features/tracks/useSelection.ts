import { useCallback, useMemo, useState } from 'react';
import type { TrackId } from '@music-rooms/domain/ids';
import type { TrackSummary } from '@music-rooms/domain/tracks';

/**
 * The multi-select mode of the list: which tracks are ticked. Tracks that leave the list
 * (removed, filtered out) leave the selection too.
 */
export function useSelection(tracks: TrackSummary[] | null) {
  const [active, setActiveState] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<TrackId>>(new Set());
  const ids = useMemo(() => {
    const shown = new Set(tracks?.map((track) => track._id));
    return [...picked].filter((id) => shown.has(id));
  }, [picked, tracks]);

  const setActive = useCallback((next: boolean) => {
    setActiveState(next);
    if (!next) setPicked(new Set());
  }, []);
  const toggle = useCallback((id: TrackId) => {
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const setAll = useCallback(
    (all: boolean) => setPicked(new Set(all ? tracks?.map((track) => track._id) : [])),
    [tracks],
  );
  const has = useCallback((id: TrackId) => picked.has(id), [picked]);
  return { active, setActive, ids, toggle, setAll, has };
}

export type Selection = ReturnType<typeof useSelection>;
