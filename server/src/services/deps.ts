import type { Config } from '../config';
import type { Database } from '../db';
import type { AttemptLimiter } from './attempt-limiter';
import type { Presence } from './presence/presence';
import type { RoomListCache } from './rooms/list-cache';

/**
 * What a service call may use besides its arguments: the database, the settings, and the state
 * the app keeps outside the database. Built once when the app starts (plugins/functions.ts)
 * and handed to every call; a service names the part it needs with `Pick<RequestDeps, ...>`.
 */
export type RequestDeps = {
  db: Database;
  config: Config;
  /** Who is in which room right now. */
  presence: Presence;
  /** Attempt counters: room password gates, sign-in backoff, reset mail caps. */
  attempts: AttemptLimiter;
  /** This node's cache of the public room list. */
  roomLists: RoomListCache;
};
