import { ROOM_LIMITS } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { verifyPassword } from '../accounts/passwords';
import { createAccessToken, verifyAccessToken } from './access-tokens';
import { roomErrors } from './errors';
import { deleteExpiredAccessTokens, findRoomByUrl, type RoomRow } from './store';

/** The password gate (spec §4 Password-protected room): checks, passes and their expiry. */

const MINUTE = 60_000;

/**
 * Counts a password attempt against the room and the client's address, so that nobody guesses
 * a room's password faster than ROOM_LIMITS.passwordAttemptsPerMinute, whichever node they ask.
 */
async function countAttempt(deps: RequestDeps, roomUrl: string, address: string | null) {
  const key = `room-password:${roomUrl.toLowerCase()}:${address ?? 'unknown'}`;
  const result = await deps.attempts.hit(key, ROOM_LIMITS.passwordAttemptsPerMinute, MINUTE);
  if (!result.allowed) throw roomErrors.tooManyAttempts(result.retryAfterMs);
}

async function roomWithPassword(
  deps: RequestDeps,
  roomUrl: string,
  password: string,
  address: string | null,
): Promise<{ room: RoomRow; valid: boolean }> {
  await countAttempt(deps, roomUrl, address);
  const room = await findRoomByUrl(deps.db, roomUrl);
  if (!room) throw roomErrors.notFound();
  // A room without a password has an open gate: any password passes it.
  const valid = room.passwordHash === null || (await verifyPassword(room.passwordHash, password));
  return { room, valid };
}

/** rooms.checkPassword. */
export async function checkRoomPassword(
  deps: RequestDeps,
  input: { room_url: string; password: string },
  address: string | null,
): Promise<{ valid: boolean }> {
  const { valid } = await roomWithPassword(deps, input.room_url, input.password, address);
  return { valid };
}

/** rooms.generateAccessToken: the right password buys a pass for this tab. */
export async function issueAccessToken(
  deps: RequestDeps,
  input: { room_url: string; password: string; session_id: string },
  address: string | null,
): Promise<{ token: string; expiresAt: number }> {
  const { room, valid } = await roomWithPassword(deps, input.room_url, input.password, address);
  if (!valid) throw roomErrors.wrongPassword();
  return createAccessToken(deps.db, {
    roomId: room.id,
    sessionId: input.session_id,
    ttlMs: deps.config.rooms.accessTokenTtlMs,
    now: Date.now(),
  });
}

/** rooms.verifyAccessToken: a pass of another room, or of no room, is simply invalid. */
export async function checkAccessToken(
  deps: RequestDeps,
  input: { room_url: string; token: string; session_id: string },
): Promise<{ valid: boolean; error?: string }> {
  const room = await findRoomByUrl(deps.db, input.room_url);
  return verifyAccessToken(deps.db, {
    roomId: room?.id ?? null,
    token: input.token,
    sessionId: input.session_id,
    now: Date.now(),
  });
}

/** rooms.cleanupExpiredTokens and the regular sweep. */
export function cleanupExpiredTokens(deps: RequestDeps): Promise<number> {
  return deleteExpiredAccessTokens(deps.db, Date.now());
}
