import type { PublicUser } from './auth';
import type { RoomId } from './ids';
import type { RoomRole } from './roles';

/**
 * Who listens in a room now (the room's listeners panel): each person present, their role,
 * whether they are the host, and how their page plays along, as the page itself reports it.
 */

/**
 * What a page reports of its player (spec §4 Player sync): nothing to play, finding its place,
 * in sync, failing to load, or waiting for a click because the browser blocks audio.
 */
export const LISTENER_SYNC_STATES = ['idle', 'syncing', 'inSync', 'syncError', 'blocked'] as const;
export type ListenerSyncState = (typeof LISTENER_SYNC_STATES)[number];

/** What the panel shows: a reported state, or `offline` when the page has gone quiet. */
export type ListenerStatus = ListenerSyncState | 'offline';

export const LISTENER_LIMITS = {
  /** A page reports at once on a change of state, and at least this often otherwise. */
  reportEveryMs: 5_000,
  /** A page unheard of for this long counts as offline (its tab asleep, its network gone). */
  reportStaleMs: 15_000,
  /** A change of offset smaller than this is not worth telling the room about. */
  offsetStepMs: 5,
  /** Offsets beyond this are reported as this (a page far off is simply "far off"). */
  offsetMaxMs: 600_000,
} as const;

/** presence:sync, from a page present in the room. */
export type ListenerReport = {
  roomId: RoomId;
  state: ListenerSyncState;
  /** How far what the page plays is from the room, in ms (positive: ahead); null unknown. */
  offsetMs: number | null;
  /**
   * The page makes no sound (muted, or its volume at zero): a calibration round does not ask
   * it to chirp, as it would not be heard. Absent from a page that predates it: it sounds.
   */
  muted?: boolean;
};

/** One person in the panel. */
export type Listener = {
  /** Stable while they stay: a user id, or a guest's own key. */
  key: string;
  /** Null for a guest. */
  user: PublicUser | null;
  /** Null for a guest or someone present without a role (a public room's visitor). */
  role: RoomRole | null;
  isHost: boolean;
  status: ListenerStatus;
  offsetMs: number | null;
  /** Epoch ms since when they have been in the room. */
  joinedAt: number;
};
