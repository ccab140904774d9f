import type { RoomId, UserId } from './ids';

/**
 * Someone asked to join a room the person owns or administers: told live to that person alone,
 * on every page of the app they have open (their system notification). It carries no more than
 * the notification says and the way to the room: nothing of the requester but their name.
 */
export type AccessRequestNews = {
  roomId: RoomId;
  roomName: string;
  /** The room's address (spec §2 /room/{room_url}), which a click on the notification opens. */
  room_url: string;
  requesterName: string;
};

/** The Socket.IO room of one signed-in user's connections: news meant for them alone. */
export const personalRoomOf = (userId: UserId) => `person:${userId}`;
