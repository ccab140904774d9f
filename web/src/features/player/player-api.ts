import type { RoomId, UserId } from '@music-rooms/domain/ids';
import { PLAYER_ERRORS } from '@music-rooms/domain/player';
import type { PlayerCommand } from '@music-rooms/domain/player-commands';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { callMutation, callQuery } from '../../lib/api/functions';
import { FunctionCallError } from '../../lib/api/function-call-error';

/** The calls of the player (contract: domain/src/contract/player.ts). */

const isStale = (error: unknown) =>
  error instanceof FunctionCallError && error.data.key === PLAYER_ERRORS.staleRevision;

/**
 * Sends a command with the revision of the state it was given on. When someone else changed
 * the player first (a stale revision), it is sent once more on the fresh state; a second
 * refusal is the caller's to show.
 */
export async function sendPlayerCommand(
  roomId: RoomId,
  revision: number,
  command: PlayerCommand,
  pass: RoomAccessArgs,
) {
  try {
    return await callMutation('player.command', { roomId, revision, command, ...pass });
  } catch (error) {
    if (!isStale(error)) throw error;
    const fresh = await callQuery('player.get', { roomId, ...pass });
    return callMutation('player.command', {
      roomId,
      revision: fresh.state.revision,
      command,
      ...pass,
    });
  }
}

export const handOverHost = (roomId: RoomId, userId: UserId) =>
  callMutation('player.handOver', { roomId, userId });
