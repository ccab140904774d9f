import { z } from 'zod';
import type { UserId } from '../ids';
import type { PlaybackState } from '../playback';
import type { PlayerView } from '../player';
import type { CalibrationPlan } from '../room-sounds';
import { roomIdSchema, userIdSchema } from '../schemas/ids';
import { playerCommandSchema } from '../schemas/player';
import { roomAccessArgs } from '../schemas/rooms';
import { text } from '../schemas/text';
import { mutation, query } from './define';

/**
 * The player.* functions: the room's shared playback (design §4). `player.get` is a live query;
 * a command names the revision it saw, and a stale one is refused so concurrent commands resolve
 * in one order. Clock probes travel as the socket event `clock:ping`, not here.
 */
export const PLAYER_FUNCTIONS = {
  'player.get': query(z.object({ roomId: roomIdSchema, ...roomAccessArgs })).returns<PlayerView>(),
  'player.command': mutation(
    z.object({
      roomId: roomIdSchema,
      revision: z.number().int().min(0),
      command: playerCommandSchema,
      ...roomAccessArgs,
    }),
  ).returns<{ state: PlaybackState }>(),
  /** Owner or admin: the host label goes to another present member who may host. */
  'player.handOver': mutation(z.object({ roomId: roomIdSchema, userId: userIdSchema })).returns<{
    hostId: UserId;
  }>(),
  /** Anyone who may view the room: every page present plays one click at the same instant. */
  'player.testSound': mutation(z.object({ roomId: roomIdSchema, ...roomAccessArgs })).returns<{
    at: number;
  }>(),
  /**
   * Anyone who may view the room: a calibration round, in which the pages that play in sync
   * chirp one after another for the asking page (its socket) to hear through its microphone.
   */
  'player.calibrate': mutation(
    z.object({ roomId: roomIdSchema, socketId: text().min(1).max(64), ...roomAccessArgs }),
  ).returns<CalibrationPlan>(),
} as const;
