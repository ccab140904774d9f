import type { TrackSummary } from '@music-rooms/domain/tracks';

/** How the list may be grouped (a view of this device; the shared order stays as it is). */
export const TRACK_GROUPINGS = ['none', 'artist', 'album'] as const;
export type TrackGrouping = (typeof TRACK_GROUPINGS)[number];

/** A row of the list as shown: a group's header, or a track. */
export type ListItem =
  | { kind: 'header'; key: string; name: string | null; count: number }
  | { kind: 'track'; track: TrackSummary };

const groupName = (track: TrackSummary, by: Exclude<TrackGrouping, 'none'>): string | null =>
  (by === 'artist' ? track.artist : track.album)?.trim() || null;

/**
 * The tracks under a header per artist or album, groups in the order their first track comes
 * in the list and tracks in the list's own order within each (tracks without one share a
 * group, `name` null). Ungrouped, the tracks as they are.
 */
export function groupTracks(tracks: readonly TrackSummary[], by: TrackGrouping): ListItem[] {
  if (by === 'none') return tracks.map((track) => ({ kind: 'track', track }));
  const groups = new Map<string, TrackSummary[]>();
  for (const track of tracks) {
    const name = groupName(track, by);
    // Names that differ only in case are one artist or album.
    const key = name === null ? '' : `:${name.toLocaleLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), track]);
  }
  return [...groups].flatMap(([key, members]): ListItem[] => [
    { kind: 'header', key, name: groupName(members[0]!, by), count: members.length },
    ...members.map((track): ListItem => ({ kind: 'track', track })),
  ]);
}
