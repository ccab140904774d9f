import type { RoomId, TrackId } from './ids';

/**
 * What someone did in a room, told live to the members whose page is open (the activity line):
 * who came in, who moved the player to another track, who added tracks. Nothing of it is
 * stored: each page keeps what it heard while it stays open.
 */
export type RoomActivity = {
  roomId: RoomId;
  /** Epoch ms on the server. */
  at: number;
  /** Who did it: a name, or null for a guest. */
  actor: { key: string; name: string | null };
} & (
  | { kind: 'joined' }
  | { kind: 'skipped'; track: { _id: TrackId; title: string; artist: string | null } }
  | { kind: 'added'; count: number }
);

export type RoomActivityKind = RoomActivity['kind'];

/** The Socket.IO room of a room's activity: the members present join it. */
export const activityRoomOf = (roomId: RoomId) => `activity:${roomId}`;
