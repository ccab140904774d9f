import { z } from 'zod';
import { REPEAT_MODES } from '../playback';
import { playlistIdSchema, trackIdSchema } from './ids';

/** A track is at most a day long; a seek past its end is clamped to it by the server. */
const MAX_POSITION_MS = 24 * 60 * 60 * 1000;

export const playerCommandSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('play') }),
  z.object({ type: z.literal('pause') }),
  z.object({
    type: z.literal('seek'),
    positionMs: z.number().finite().min(0).max(MAX_POSITION_MS),
  }),
  z.object({ type: z.literal('next') }),
  z.object({ type: z.literal('previous') }),
  z.object({
    type: z.literal('select'),
    trackId: trackIdSchema,
    playlistId: playlistIdSchema.optional(),
  }),
  z.object({ type: z.literal('repeat'), mode: z.enum(REPEAT_MODES) }),
  z.object({ type: z.literal('shuffle'), on: z.boolean() }),
]);
