import type { RoomId, UserId } from './ids';

/*
 * Every live-query topic is built and read back in this one module (design §3 "Live queries").
 * A query watches the topics it read; a change publishes the topics it touched; a cache hears
 * them to forget what they changed. A topic is its kind's word, then `:` and the id it names.
 */

/** Topics that name nothing in particular. */
const WHOLE_TOPICS = {
  /** Any room's name, visibility, members or existence (the room lists). */
  roomList: 'rooms',
  /** Presence anywhere (lists sorted by activity). */
  anyPresence: 'presence',
} as const;

/** Topics that name one room, by kind: the word each starts with. */
const ROOM_TOPICS = {
  /** One room's page. */
  room: 'room',
  /** One room's members and access requests. */
  roomUsers: 'room-users',
  /** Who is in one room right now. */
  presence: 'presence',
  /** How the pages present in one room play along (their sync reports). */
  listeners: 'listeners',
  /** One room's tracks: the library, each playlist's list and the info panel. */
  tracks: 'tracks',
  /** One room's playlists and their counts. */
  playlists: 'playlists',
  /** One room's shared playback: its state and the host it names. */
  player: 'player',
} as const;

/** Topics that name one user, by kind. */
const USER_TOPICS = {
  /** One user's public profile and settings. */
  user: 'user',
  /** The rooms one user owns, belongs to or asked to join. */
  userRooms: 'user-rooms',
  /** One person's uploads (their upload panel). */
  uploads: 'uploads',
  /** One person's imports from the streaming service (the import modal's progress). */
  imports: 'imports',
} as const;

/**
 * A sign-in session ended (its row id, never its secret). No query watches it: it travels on
 * the same bus so that every node forgets the session and closes its realtime connections.
 */
const SESSION_ENDED = 'session-ended';

export type RoomTopicKind = keyof typeof ROOM_TOPICS;
export type UserTopicKind = keyof typeof USER_TOPICS;

/** A topic read back: its kind and what it names. */
export type Topic =
  | { kind: keyof typeof WHOLE_TOPICS }
  | { kind: RoomTopicKind; roomId: RoomId }
  | { kind: UserTopicKind; userId: UserId }
  | { kind: 'sessionEnded'; sessionId: string };

const roomTopic = (kind: RoomTopicKind) => (roomId: RoomId) => `${ROOM_TOPICS[kind]}:${roomId}`;
const userTopic = (kind: UserTopicKind) => (userId: UserId) => `${USER_TOPICS[kind]}:${userId}`;

/** Builds every topic; `parseTopic` reads one back. */
export const TOPICS = {
  ...WHOLE_TOPICS,
  room: roomTopic('room'),
  roomUsers: roomTopic('roomUsers'),
  presence: roomTopic('presence'),
  listeners: roomTopic('listeners'),
  tracks: roomTopic('tracks'),
  playlists: roomTopic('playlists'),
  player: roomTopic('player'),
  user: userTopic('user'),
  userRooms: userTopic('userRooms'),
  uploads: userTopic('uploads'),
  imports: userTopic('imports'),
  sessionEnded: (sessionId: string) => `${SESSION_ENDED}:${sessionId}`,
} as const;

const kindOfWord = <Kind extends string>(words: Record<Kind, string>) =>
  new Map(Object.entries(words).map(([kind, word]) => [word as string, kind as Kind]));

const WHOLE_KINDS = kindOfWord(WHOLE_TOPICS);
const ROOM_KINDS = kindOfWord(ROOM_TOPICS);
const USER_KINDS = kindOfWord(USER_TOPICS);

/** What a topic built by `TOPICS` names, or null for any other string. */
export function parseTopic(topic: string): Topic | null {
  const colon = topic.indexOf(':');
  if (colon === -1) {
    const kind = WHOLE_KINDS.get(topic);
    return kind ? { kind } : null;
  }
  const word = topic.slice(0, colon);
  const id = topic.slice(colon + 1);
  if (id === '') return null;
  const roomKind = ROOM_KINDS.get(word);
  if (roomKind) return { kind: roomKind, roomId: id as RoomId };
  const userKind = USER_KINDS.get(word);
  if (userKind) return { kind: userKind, userId: id as UserId };
  return word === SESSION_ENDED ? { kind: 'sessionEnded', sessionId: id } : null;
}

/** The room a topic of one of `kinds` names, or null for any other topic. */
export function roomOfTopic(topic: string, kinds: readonly RoomTopicKind[]): RoomId | null {
  const parsed = parseTopic(topic);
  return parsed && 'roomId' in parsed && kinds.includes(parsed.kind) ? parsed.roomId : null;
}
