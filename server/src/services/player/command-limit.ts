import {
  AUTH_ERRORS,
  DomainError,
  PLAYER_LIMITS,
  ROOM_SOUND_LIMITS,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import type { AttemptLimiter } from '../attempt-limiter';

/** One count of a limit: at most `max` hits of `key` per `windowMs`. */
type LimitWindow = { key: string; max: number; windowMs: number };

/**
 * Counts one hit in each window, in the attempt limiter, so the limits hold across nodes with
 * Redis. Every hit counts, refused ones too: sending faster only prolongs the refusal.
 */
async function countInWindows(
  attempts: AttemptLimiter,
  windows: readonly LimitWindow[],
): Promise<void> {
  const counts = [];
  for (const { key, max, windowMs } of windows) counts.push(await attempts.hit(key, max, windowMs));
  const refused = counts.filter(({ allowed }) => !allowed);
  if (refused.length === 0) return;
  const retryAfterMs = Math.max(...refused.map(({ retryAfterMs }) => retryAfterMs));
  throw new DomainError('rate_limited', AUTH_ERRORS.tooManyRequests, { retryAfterMs });
}

/** Counts one player command of a person in a room against PLAYER_LIMITS (a burst and a window). */
export function countPlayerCommand(
  attempts: AttemptLimiter,
  roomId: RoomId,
  userId: UserId,
): Promise<void> {
  const { burstCommands, burstWindowMs, commands, windowMs } = PLAYER_LIMITS;
  return countInWindows(attempts, [
    { key: `player-burst:${roomId}:${userId}`, max: burstCommands, windowMs: burstWindowMs },
    { key: `player-window:${roomId}:${userId}`, max: commands, windowMs },
  ]);
}

/**
 * Counts one room sound (a test click or a calibration round) of a person in a room against
 * ROOM_SOUND_LIMITS: each one makes every page of the room play.
 */
export function countRoomSound(
  attempts: AttemptLimiter,
  roomId: RoomId,
  person: string,
): Promise<void> {
  const { sounds, windowMs } = ROOM_SOUND_LIMITS;
  return countInWindows(attempts, [
    { key: `room-sound:${roomId}:${person}`, max: sounds, windowMs },
  ]);
}
