import {
  AUTH_ERRORS,
  DomainError,
  PLAYER_LIMITS,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import type { AttemptLimiter } from '../attempt-limiter';

/**
 * Counts one player command of a person in a room against PLAYER_LIMITS (a short burst and a
 * longer window), in the attempt limiter, so the limits hold across nodes with Redis. Every
 * command counts in both, refused ones too: sending faster only prolongs the refusal.
 */
export async function countPlayerCommand(
  attempts: AttemptLimiter,
  roomId: RoomId,
  userId: UserId,
): Promise<void> {
  const { burstCommands, burstWindowMs, commands, windowMs } = PLAYER_LIMITS;
  const counts = [
    await attempts.hit(`player-burst:${roomId}:${userId}`, burstCommands, burstWindowMs),
    await attempts.hit(`player-window:${roomId}:${userId}`, commands, windowMs),
  ];
  const refused = counts.filter(({ allowed }) => !allowed);
  if (refused.length === 0) return;
  const retryAfterMs = Math.max(...refused.map(({ retryAfterMs }) => retryAfterMs));
  throw new DomainError('rate_limited', AUTH_ERRORS.tooManyRequests, { retryAfterMs });
}
