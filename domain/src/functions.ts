import type { CurrentUser, PublicUser, UserPreferences } from './auth';
import type {
  AccessRequestStatus,
  AssignableRole,
  RoomAccessArgs,
  RoomDetails,
  RoomInfo,
  RoomListArgs,
  RoomListResult,
  RoomUsersResult,
  RoomVisibility,
} from './rooms';

/**
 * The contract of the backend functions (design §3) shared by the server and the web client:
 * paths, the generic HTTP endpoints, their request and answer shapes, and error codes.
 */

export const FUNCTION_KINDS = ['query', 'mutation', 'action'] as const;
export type FunctionKind = (typeof FUNCTION_KINDS)[number];

/** The generic endpoints (spec §7); `function` runs any kind, the `_ts` ones add a timestamp. */
export const FUNCTION_ENDPOINTS = {
  query: '/api/query',
  mutation: '/api/mutation',
  action: '/api/action',
  function: '/api/function',
  query_ts: '/api/query_ts',
  query_at_ts: '/api/query_at_ts',
} as const;
export type FunctionEndpoint = keyof typeof FUNCTION_ENDPOINTS;

/** HTTP status of a function's own error (spec §7). */
export const FUNCTION_ERROR_STATUS = 560;

/** Codes the platform itself gives; functions add their own (`not_allowed`, `conflict`, ...). */
export const FUNCTION_ERROR_CODES = {
  invalidArgs: 'invalid_args',
  wrongFunctionKind: 'wrong_function_kind',
  notFound: 'function_not_found',
  internal: 'internal',
} as const;

export type FunctionArgs = Record<string, unknown>;

/** Body of every generic endpoint: args may be an object or a one-element array of it. */
export type FunctionRequest = {
  path: string;
  args?: FunctionArgs | [FunctionArgs] | undefined;
  format?: 'json' | undefined;
  ts?: number | undefined;
};

export type FunctionErrorData = { code: string; [key: string]: unknown };

export type FunctionSuccess<Value = unknown> = {
  status: 'success';
  value: Value;
  logLines: string[];
  /** Server time in ms, given by query_ts and query_at_ts. */
  ts?: number;
};

export type FunctionFailure = {
  status: 'error';
  errorMessage: string;
  errorData: FunctionErrorData;
  logLines: string[];
};

export type FunctionResponse<Value = unknown> = FunctionSuccess<Value> | FunctionFailure;

const PATH_SEGMENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `rooms:get` and `rooms.get` name the same function; a module may be nested with `/` or `.`
 * (`admin/rooms:cleanup`). Answers the dotted form, or null when the path is not well formed.
 */
export function normalizeFunctionPath(path: string): string | null {
  const segments = path.split(/[.:/]/);
  if (segments.length < 2 || !segments.every((segment) => PATH_SEGMENT.test(segment))) return null;
  return segments.join('.');
}

/** Missing args mean `{}`; a one-element array carries the object. */
export function unwrapFunctionArgs(args: FunctionRequest['args']): FunctionArgs {
  if (args === undefined) return {};
  return Array.isArray(args) ? args[0] : args;
}

/**
 * Types of the functions the web calls, by path. A module adds its entries here (or merges
 * into this interface), and both the server handler and the client call are checked against it.
 */
export interface FunctionContracts {
  'system.serverTime': { kind: 'query'; args: Record<string, never>; value: { now: number } };
  'users.getCurrentUser': { kind: 'query'; args: { email: string }; value: CurrentUser | null };
  'users.getById': { kind: 'query'; args: { id: string }; value: PublicUser | null };
  'users.updateUserProfile': {
    kind: 'mutation';
    args: { id: string; name?: string; username?: string; email?: string };
    value: CurrentUser;
  };
  'users.updateAvatar': {
    kind: 'mutation';
    args: { id: string; avatar: string };
    value: { avatar: string };
  };
  'users.generateNewAvatarColor': { kind: 'mutation'; args: { id: string }; value: string };
  'users.getPreferences': { kind: 'query'; args: Record<string, never>; value: UserPreferences };
  'users.updatePreferences': {
    kind: 'mutation';
    args: Partial<UserPreferences>;
    value: UserPreferences;
  };
  'rooms.get': { kind: 'query'; args: { id: string } & RoomAccessArgs; value: RoomDetails | null };
  'rooms.create': {
    kind: 'mutation';
    args: {
      name: string;
      room_url: string;
      description?: string;
      visibility?: RoomVisibility;
      password?: string;
    };
    value: { _id: string; room_url: string };
  };
  'rooms.update': {
    kind: 'mutation';
    args: {
      id: string;
      name?: string;
      description?: string;
      room_url?: string;
      visibility?: RoomVisibility;
      /** A new password; null removes it. */
      password?: string | null;
    };
    value: RoomDetails;
  };
  'rooms.remove': { kind: 'mutation'; args: { id: string }; value: { removed: true } };
  'rooms.getPublicRoomsWithAuthors': { kind: 'query'; args: RoomListArgs; value: RoomListResult };
  'rooms.getUserRoomsWithAuthors': {
    kind: 'query';
    args: { userId: string } & RoomListArgs;
    value: RoomListResult;
  };
  'rooms.getRoomInfoByUrl': {
    kind: 'query';
    args: { room_url: string; exclude_id?: string } & RoomAccessArgs;
    value: RoomInfo;
  };
  'rooms.checkPassword': {
    kind: 'query';
    args: { room_url: string; password: string };
    value: { valid: boolean };
  };
  'rooms.generateAccessToken': {
    kind: 'mutation';
    args: { room_url: string; password: string; session_id: string };
    value: { token: string; expiresAt: number };
  };
  'rooms.verifyAccessToken': {
    kind: 'query';
    args: { room_url: string; token: string; session_id: string };
    value: { valid: boolean; error?: string };
  };
  'rooms.cleanupExpiredTokens': {
    kind: 'mutation';
    args: Record<string, never>;
    value: { removed: number };
  };
  'rooms.toggleFavorite': {
    kind: 'mutation';
    /** The gate pass is needed only for a password-protected room the caller is no member of. */
    args: { roomId: string; userId: string } & RoomAccessArgs;
    value: { isFavorite: boolean };
  };
  'rooms.requestAccess': {
    kind: 'mutation';
    args: { roomId: string };
    value: { status: AccessRequestStatus };
  };
  'rooms.getRoomUsers': {
    kind: 'query';
    args: { roomId: string } & RoomAccessArgs;
    value: RoomUsersResult;
  };
  'rooms.addUser': {
    kind: 'mutation';
    args: { roomId: string; usernameOrEmail: string; role: AssignableRole };
    value: { userId: string };
  };
  'rooms.updateUserRole': {
    kind: 'mutation';
    args: { roomId: string; userId: string; role: AssignableRole };
    value: { role: AssignableRole };
  };
  'rooms.removeUser': {
    kind: 'mutation';
    args: { roomId: string; userId: string };
    value: { removed: true };
  };
  'rooms.approveRequest': {
    kind: 'mutation';
    args: { roomId: string; userId: string; role: AssignableRole };
    value: { role: AssignableRole };
  };
  'rooms.rejectRequest': {
    kind: 'mutation';
    args: { roomId: string; userId: string };
    value: { role: 'rejected' };
  };
}

/** The declared paths of one kind, for autocompletion on the client. */
export type FunctionPathOf<Kind extends FunctionKind> = {
  [Path in keyof FunctionContracts]: FunctionContracts[Path]['kind'] extends Kind ? Path : never;
}[keyof FunctionContracts];

export type ArgsOf<Path extends string> = Path extends keyof FunctionContracts
  ? FunctionContracts[Path]['args']
  : FunctionArgs;

export type ValueOf<Path extends string> = Path extends keyof FunctionContracts
  ? FunctionContracts[Path]['value']
  : unknown;

/** Limits of a client error report (POST /api/debug_event); longer strings are cut. */
export const DEBUG_EVENT_LIMITS = {
  bodyBytes: 16 * 1024,
  message: 2000,
  stack: 8000,
  url: 2000,
  userAgent: 500,
  perMinutePerIp: 20,
} as const;

/** A client error report: what failed, where, and in which browser. */
export type DebugEvent = {
  message: string;
  stack?: string | undefined;
  url?: string | undefined;
  userAgent?: string | undefined;
  extra?: Record<string, unknown> | undefined;
};

/**
 * Canonical JSON of a value: equal values give equal text whatever the order of their keys.
 * Live queries use it to tell a changed answer from an equal one, and to key equal args.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? 'undefined';
}

function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}
