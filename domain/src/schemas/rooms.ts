import { z } from 'zod';
import { LIMITS } from '../limits';
import {
  ASSIGNABLE_ROLES,
  ROOM_LIMITS,
  ROOM_SORTS,
  ROOM_URL_PATTERN,
  PLAYBACK_CONTROLS,
  ROOM_VISIBILITIES,
} from '../rooms';
import { VALIDATION } from './auth';
import { roomIdSchema } from './ids';
import { requiredText, text } from './text';

/**
 * The argument rules of every rooms.* function, for the forms and for the server. Messages are
 * i18n keys (see VALIDATION); `too_small` / `too_big` issues carry the count they name.
 */

/** Trimmed and not blank; a name of only invisible characters is blank too. */
const required = requiredText;

export const roomNameSchema = required().max(LIMITS.roomNameMax, {
  message: VALIDATION.maxLength,
});

export const roomDescriptionSchema = text()
  .trim()
  .max(ROOM_LIMITS.descriptionMax, { message: VALIDATION.maxLength });

/** A room URL as typed: trimmed and lower-cased, then checked against the pattern. */
export const roomUrlSchema = required()
  .toLowerCase()
  .min(ROOM_LIMITS.url.min, { message: VALIDATION.minLength })
  .max(ROOM_LIMITS.url.max, { message: VALIDATION.maxLength })
  .regex(ROOM_URL_PATTERN, { message: VALIDATION.invalidFormat });

/** A room URL to look up: any non-blank text, since a URL being typed is not finished yet. */
export const roomUrlLookupSchema = required()
  .toLowerCase()
  .max(200, { message: VALIDATION.maxLength });

/** Passwords are taken as typed: no trimming. */
export const roomPasswordSchema = text()
  .min(1, { message: VALIDATION.required })
  .max(ROOM_LIMITS.passwordMax, { message: VALIDATION.maxLength });

export const visibilitySchema = z.enum(ROOM_VISIBILITIES, { message: VALIDATION.invalidFormat });
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { message: VALIDATION.invalidFormat });
export const sessionIdSchema = required().max(200, { message: VALIDATION.maxLength });
export const accessTokenSchema = required().max(200);
/** Whom to add to a room: a username or an e-mail address. */
export const usernameOrEmailSchema = required().max(320, { message: VALIDATION.maxLength });

/** The password gate pass any room call may carry. */
export const roomAccessArgs = {
  accessToken: text().max(200).optional(),
  session_id: text().max(200).optional(),
};

export const roomListArgsSchema = z.object({
  search: text().trim().max(ROOM_LIMITS.searchMax, { message: VALIDATION.maxLength }).optional(),
  sort: z.enum(ROOM_SORTS, { message: VALIDATION.invalidFormat }).default('newest'),
  favoritesOnly: z.boolean().default(false),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(ROOM_LIMITS.pageSizeMax).default(ROOM_LIMITS.pageSizeDefault),
});
export type RoomListQuery = z.output<typeof roomListArgsSchema>;

export const createRoomSchema = z.object({
  name: roomNameSchema,
  room_url: roomUrlSchema,
  description: roomDescriptionSchema.default(''),
  visibility: visibilitySchema.default('public'),
  password: roomPasswordSchema.optional(),
});
export type CreateRoomInput = z.output<typeof createRoomSchema>;

export const updateRoomSchema = z.object({
  id: roomIdSchema,
  name: roomNameSchema.optional(),
  description: roomDescriptionSchema.optional(),
  room_url: roomUrlSchema.optional(),
  visibility: visibilitySchema.optional(),
  password: roomPasswordSchema.nullable().optional(),
  playbackControl: z.enum(PLAYBACK_CONTROLS, { message: VALIDATION.invalidFormat }).optional(),
});
export type UpdateRoomInput = z.output<typeof updateRoomSchema>;
