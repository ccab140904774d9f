import { useState } from 'react';
import { local } from '../../lib/storage';
import { TRACK_GROUPINGS, type TrackGrouping } from './grouping';

const STORAGE_KEY = 'music-rooms:track-grouping';

const stored = (): TrackGrouping => {
  const value = local.get(STORAGE_KEY);
  return TRACK_GROUPINGS.find((grouping) => grouping === value) ?? 'none';
};

/** The list's grouping, kept on this device for every room. */
export function useTrackGrouping(): [TrackGrouping, (grouping: TrackGrouping) => void] {
  const [grouping, setGrouping] = useState<TrackGrouping>(stored);
  const choose = (next: TrackGrouping) => {
    local.set(STORAGE_KEY, next);
    setGrouping(next);
  };
  return [grouping, choose];
}
