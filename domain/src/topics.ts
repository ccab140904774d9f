import type { RoomId, UserId } from './ids';

const SESSION_ENDED_PREFIX = 'session-ended:';

/**
 * Every live-query topic, built in this one module (design §3 "Live queries"). A query watches
 * the topics it read; a change publishes the topics it touched; the names meet only here.
 */
export const TOPICS = {
  /** Any room's name, visibility, members or existence (the room lists). */
  roomList: 'rooms',
  /** Presence anywhere (lists sorted by activity). */
  anyPresence: 'presence',
  /** One user's public profile and settings. */
  user: (userId: UserId) => `user:${userId}`,
  /** The rooms one user owns, belongs to or asked to join. */
  userRooms: (userId: UserId) => `user-rooms:${userId}`,
  /** One room's page. */
  room: (roomId: RoomId) => `room:${roomId}`,
  /** One room's members and access requests. */
  roomUsers: (roomId: RoomId) => `room-users:${roomId}`,
  /** Who is in one room right now. */
  presence: (roomId: RoomId) => `presence:${roomId}`,
  /** How the pages present in one room play along (their sync reports). */
  listeners: (roomId: RoomId) => `listeners:${roomId}`,
  /** One room's tracks: the library, each playlist's list and the info panel. */
  tracks: (roomId: RoomId) => `tracks:${roomId}`,
  /** One room's playlists and their counts. */
  playlists: (roomId: RoomId) => `playlists:${roomId}`,
  /** One room's shared playback: its state and the host it names. */
  player: (roomId: RoomId) => `player:${roomId}`,
  /** One person's uploads (their upload panel). */
  uploads: (userId: UserId) => `uploads:${userId}`,
  /** One person's imports from the streaming service (the import modal's progress). */
  imports: (userId: UserId) => `imports:${userId}`,
  /**
   * A sign-in session ended (its row id, never its secret). No query watches it: it travels on
   * the same bus so that every node forgets the session and closes its realtime connections.
   */
  sessionEnded: (sessionId: string) => `${SESSION_ENDED_PREFIX}${sessionId}`,
} as const;

/** The session a `TOPICS.sessionEnded` topic names, or null for any other topic. */
export const endedSessionOf = (topic: string): string | null =>
  topic.startsWith(SESSION_ENDED_PREFIX) ? topic.slice(SESSION_ENDED_PREFIX.length) : null;

/** Whether a topic is some user's profile (the room lists show authors and members). */
export const isUserTopic = (topic: string) => topic.startsWith('user:');
