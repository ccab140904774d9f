import { ROOM_ACCESS_STORAGE, type RoomAccessArgs } from '@music-rooms/domain/rooms';
import { session, type SafeStorage } from '../../lib/storage';

/**
 * The password gate's memory (spec §4 Password-protected room), kept in sessionStorage so it
 * lasts as long as the tab: the tab's own session id (made once), and per room URL the access
 * token the right password bought, with its flag.
 */

/** The tab's session id: made the first time it is asked for, then the same until the tab closes. */
export function tabSessionId(storage: SafeStorage = session): string {
  const existing = storage.get(ROOM_ACCESS_STORAGE.sessionId);
  if (existing) return existing;
  const id = newSessionId();
  storage.set(ROOM_ACCESS_STORAGE.sessionId, id);
  return id;
}

/** The pass this tab holds for a room: its token and the tab's session id, or nothing. */
export function readAccessPass(roomUrl: string, storage: SafeStorage = session): RoomAccessArgs {
  const token = storage.get(ROOM_ACCESS_STORAGE.token(roomUrl));
  const flagged = storage.get(ROOM_ACCESS_STORAGE.flag(roomUrl)) === 'true';
  if (!token || !flagged) return {};
  return { accessToken: token, session_id: tabSessionId(storage) };
}

/** Keeps the token the gate gave for this room, and answers the pass it makes. */
export function storeAccessPass(
  roomUrl: string,
  token: string,
  storage: SafeStorage = session,
): RoomAccessArgs {
  storage.set(ROOM_ACCESS_STORAGE.token(roomUrl), token);
  storage.set(ROOM_ACCESS_STORAGE.flag(roomUrl), 'true');
  return { accessToken: token, session_id: tabSessionId(storage) };
}

/** Forgets the room's token and flag (it expired, or no longer opens the gate). */
export function forgetAccessPass(roomUrl: string, storage: SafeStorage = session): void {
  storage.remove(ROOM_ACCESS_STORAGE.token(roomUrl));
  storage.remove(ROOM_ACCESS_STORAGE.flag(roomUrl));
}

function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http from another machine have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
