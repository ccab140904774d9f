import type { RoomActivity } from '@music-rooms/domain';

/** What an activity says, before the feed stamps it with the time. */
export type ActivityNews = RoomActivity extends infer A
  ? A extends RoomActivity
    ? Omit<A, 'at'>
    : never
  : never;

/**
 * Tells the members present in a room what someone did there (the activity line). Services
 * tell it; the realtime plugin, once Socket.IO is up, hands it the way to the room's pages
 * (through the Socket.IO adapter, so with Redis every node's pages hear it). Nothing is kept:
 * news told before that, or to a room nobody has open, is simply not heard.
 */
export class RoomActivityFeed {
  private deliver: ((activity: RoomActivity) => void) | null = null;

  /** Called once by the realtime plugin. */
  deliverThrough(deliver: (activity: RoomActivity) => void): void {
    this.deliver = deliver;
  }

  tell(news: ActivityNews): void {
    this.deliver?.({ ...news, at: Date.now() } as RoomActivity);
  }
}
