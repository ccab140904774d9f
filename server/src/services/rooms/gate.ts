import { ROOM_LIMITS } from '@music-rooms/domain';
import type { Backoff } from '../attempt-limiter';
import { addressKey } from '../client-address';
import type { RequestDeps } from '../deps';
import { verifyPassword } from '../accounts/passwords';
import { createAccessToken, verifyAccessToken } from './access-tokens';
import { roomErrors } from './errors';
import { deleteExpiredAccessTokens, findRoomByUrl, type RoomRow } from './store';

/** The password gate (spec §4 Password-protected room): checks, passes and their expiry. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Wrong passwords for one room from all addresses together: twenty go through at once (a group
 * of guests with a few typos never notices), then each further guess makes everyone wait 1 s,
 * 2 s, 4 s… at most 30 s. A guest who knows the password waits half a minute at worst while the
 * room is being guessed at, and guessers from many addresses get two tries a minute between
 * them. Right passwords do not count; the count is forgotten after 15 quiet minutes.
 */
export const ROOM_GUESS_BACKOFF: Backoff = {
  free: 20,
  firstWaitMs: SECOND,
  maxWaitMs: 30 * SECOND,
  forgetMs: 15 * MINUTE,
};

const roomKey = (roomUrl: string) => `room-password:${roomUrl.toLowerCase()}`;

/**
 * Counts a password attempt against the client's address for the room
 * (ROOM_LIMITS.passwordAttemptsPerMinute), then against the room from every address
 * (ROOM_GUESS_BACKOFF), whichever node they ask. The address's own limit comes first, so an
 * address over it spends nothing of the room's.
 */
async function countAttempt(deps: RequestDeps, roomUrl: string, address: string | null) {
  const own = `${roomKey(roomUrl)}:${addressKey(address)}`;
  const byAddress = await deps.attempts.hit(own, ROOM_LIMITS.passwordAttemptsPerMinute, MINUTE);
  if (!byAddress.allowed) throw roomErrors.tooManyAttempts(byAddress.retryAfterMs);
  const byRoom = await deps.attempts.backoff(roomKey(roomUrl), ROOM_GUESS_BACKOFF);
  if (!byRoom.allowed) throw roomErrors.tooManyAttempts(byRoom.retryAfterMs);
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
  // Only wrong guesses add up against the room: guests who know the password never slow it.
  if (valid) await deps.attempts.forgive(roomKey(roomUrl));
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
