import type { RoomId, UserId } from '@music-rooms/domain/ids';
import type { PlaybackState } from '@music-rooms/domain/playback';
import { PLAYER_ERRORS } from '@music-rooms/domain/player';
import type { PlayerCommand } from '@music-rooms/domain/player-commands';
import { sendAimedCommand, type PlayerCalls } from '@music-rooms/domain/player-sending';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { callMutation, callQuery } from '../../lib/api/functions';
import { FunctionCallError } from '../../lib/api/function-call-error';

/** The calls of the player (contract: domain/src/contract/player.ts). */

const playerCalls = (roomId: RoomId, pass: RoomAccessArgs): PlayerCalls => ({
  command: (revision, command) =>
    callMutation('player.command', { roomId, revision, command, ...pass }),
  read: async () => (await callQuery('player.get', { roomId, ...pass })).state,
  isStale: (error) =>
    error instanceof FunctionCallError && error.data.key === PLAYER_ERRORS.staleRevision,
});

/**
 * Sends a command aimed at the state shown; when someone changed the player first, it is sent
 * again only if it still applies (`stillApplies`): two Nexts at once skip one track.
 */
export const sendPlayerCommand = (
  roomId: RoomId,
  seen: PlaybackState,
  command: PlayerCommand,
  pass: RoomAccessArgs,
) => sendAimedCommand(playerCalls(roomId, pass), seen, command);

export const handOverHost = (roomId: RoomId, userId: UserId) =>
  callMutation('player.handOver', { roomId, userId });
