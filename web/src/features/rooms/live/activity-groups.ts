import type { RoomActivity } from '@music-rooms/domain/room-activity';

/**
 * The activity line's entries: what members did, with news that follows close behind the same
 * kind merged ("Ann added 12 tracks", "3 people joined", several skips in a row as the last).
 */
export type ActivityGroup = {
  /** Stable for the entry's life (the first activity's time and actor). */
  id: string;
  kind: RoomActivity['kind'];
  /** Server time of the latest activity in it. */
  at: number;
  /** Who, each once, in the order they came. */
  actors: RoomActivity['actor'][];
  /** Tracks added, for `added`. */
  count: number;
  /** Where the player went, for `skipped` (the latest). */
  track: Extract<RoomActivity, { kind: 'skipped' }>['track'] | null;
};

/** News this close to the entry before it joins it. */
export const GROUP_WINDOW_MS = 60_000;
/** Entries a page keeps: the line shows the newest, its list a few more. */
export const KEPT_GROUPS = 30;

/** The entries with one more activity: merged into the newest one, or a new newest one. */
export function addActivity(
  groups: readonly ActivityGroup[],
  activity: RoomActivity,
): ActivityGroup[] {
  const [newest, ...rest] = groups;
  if (newest && joins(newest, activity)) return [merge(newest, activity), ...rest];
  return [start(activity), ...groups].slice(0, KEPT_GROUPS);
}

function joins(group: ActivityGroup, activity: RoomActivity): boolean {
  if (group.kind !== activity.kind || activity.at - group.at > GROUP_WINDOW_MS) return false;
  // Arrivals merge whoever came; tracks added and skips merge one person's run.
  return activity.kind === 'joined' || group.actors[0]?.key === activity.actor.key;
}

function start(activity: RoomActivity): ActivityGroup {
  return {
    id: `${activity.at}:${activity.actor.key}`,
    kind: activity.kind,
    at: activity.at,
    actors: [activity.actor],
    count: activity.kind === 'added' ? activity.count : 0,
    track: activity.kind === 'skipped' ? activity.track : null,
  };
}

function merge(group: ActivityGroup, activity: RoomActivity): ActivityGroup {
  const known = group.actors.some((actor) => actor.key === activity.actor.key);
  return {
    ...group,
    at: activity.at,
    actors: known ? group.actors : [...group.actors, activity.actor],
    count: group.count + (activity.kind === 'added' ? activity.count : 0),
    track: activity.kind === 'skipped' ? activity.track : group.track,
  };
}
