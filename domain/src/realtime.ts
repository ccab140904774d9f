import type { FunctionArgs, FunctionErrorData } from './functions';
import type { RoomId } from './ids';
import type { ListenerReport } from './listeners';
import type { AccessRequestNews } from './personal-news';
import type { RoomActivity } from './room-activity';
import type { RoomSound } from './room-sounds';

/**
 * The realtime connection (design §3 "Live queries"): the Socket.IO path, the token that opens
 * it, and the events both sides exchange. Server and web import these maps; nothing re-declares them.
 */

export const REALTIME_PATH = '/socket.io';
export const REALTIME_TOKEN_PATH = '/api/realtime/token';

export const REALTIME_LIMITS = {
  /** How long a realtime token opens connections. */
  tokenTtlMs: 10 * 60_000,
  /** The client fetches a new token when this share of its lifetime has passed. */
  tokenRefreshRatio: 0.8,
  /** Live queries one connection may hold at once. */
  maxLiveQueriesPerConnection: 200,
  liveQueryIdMaxLength: 64,
} as const;

/** GET /api/realtime/token. */
export type RealtimeToken = {
  token: string;
  /** Epoch ms after which the token no longer opens or keeps a connection. */
  expiresAt: number;
  ttlMs: number;
};

/**
 * Why the server refused or ended a connection (the `data.code` of a connect_error, the code of
 * `connection:ended`), or refused a realtime token as `Authorization: Bearer` (401).
 */
export const REALTIME_ERROR_CODES = {
  missingToken: 'missing_token',
  invalidToken: 'invalid_token',
  tokenExpired: 'token_expired',
  /** The sign-in the token was issued for ended: signed out, password changed or reset, expired. */
  sessionEnded: 'session_ended',
} as const;
export type RealtimeErrorCode = (typeof REALTIME_ERROR_CODES)[keyof typeof REALTIME_ERROR_CODES];

/** Start a live query: the server answers with `query:value` or `query:error` under the same id. */
export type SubscribeRequest = {
  id: string;
  path: string;
  args?: FunctionArgs | [FunctionArgs] | undefined;
};

export type UnsubscribeRequest = { id: string };

/**
 * A live query's answer for one connection. `channel`, when present, says that the query's next
 * values come as `query:shared` messages of that channel (one message for every connection whose
 * answer is the same, e.g. everyone in a room with the same rights over its player); a message
 * without it, or a `query:error`, ends what the id followed.
 */
export type QueryValueMessage = { id: string; value: unknown; channel?: string };

/** A new value for every live query that follows the channel (see `QueryValueMessage`). */
export type SharedValueMessage = { channel: string; value: unknown };
export type QueryErrorMessage = { id: string; errorMessage: string; errorData: FunctionErrorData };

export type TokenRefreshResult =
  | { ok: true; expiresAt: number }
  | { ok: false; code: RealtimeErrorCode | 'caller_changed' | 'internal'; errorMessage: string };

/** Events the browser sends. */
export type ClientToServerEvents = {
  subscribe: (request: SubscribeRequest) => void;
  /** The acknowledgement comes once the server has dropped the live query. */
  unsubscribe: (request: UnsubscribeRequest, ack: () => void) => void;
  /** Hands over a fresh token before the current one expires. */
  'auth:refresh': (request: { token: string }, ack: (result: TokenRefreshResult) => void) => void;
  /** Answers the server's clock (epoch ms), for NTP-style clock estimation. */
  'clock:ping': (ack: (serverNow: number) => void) => void;
  /**
   * Marks this socket present in a room (its page is open), with the gate pass when the room
   * has a password. The answer says whether the caller may be there; a refused join counts nobody.
   */
  'presence:join': (
    request: { roomId: RoomId; accessToken?: string; session_id?: string },
    ack: (result: { ok: boolean }) => void,
  ) => void;
  /** The room page closed; the user stays counted for the presence retention (1000 ms). */
  'presence:leave': (request: { roomId: RoomId }) => void;
  /**
   * How this page plays along in a room it is present in (the listeners panel): sent on a
   * change of state and every `LISTENER_LIMITS.reportEveryMs`; ignored from a page not present.
   */
  'presence:sync': (report: ListenerReport) => void;
};

/** Events the server sends. */
export type ServerToClientEvents = {
  'query:value': (message: QueryValueMessage) => void;
  'query:error': (message: QueryErrorMessage) => void;
  'query:shared': (message: SharedValueMessage) => void;
  /** Something someone did in a room this page is present in, for its members (activity line). */
  'room:activity': (activity: RoomActivity) => void;
  /** A sound to play at a server instant, in a room this page is present in (test, chirp). */
  'player:sound': (sound: RoomSound) => void;
  /** Someone asked to join a room this signed-in user owns or administers (any page of theirs). */
  'rooms:accessRequested': (news: AccessRequestNews) => void;
  /**
   * Sent just before the server ends the connection, with the reason. The client connects
   * again with a fresh token, as whoever it now is (a guest after signing out).
   */
  'connection:ended': (message: { code: RealtimeErrorCode }) => void;
};
