import { z } from 'zod';
import { LIMITS } from '../limits';
import {
  ASSIGNABLE_ROLES,
  ROOM_LIMITS,
  ROOM_SORTS,
  ROOM_URL_PATTERN,
  ROOM_VISIBILITIES,
} from '../rooms';
import { VALIDATION } from './auth';

/**
 * The argument rules of every rooms.* function, for the forms and for the server. Messages are
 * i18n keys (see VALIDATION); `too_small` / `too_big` issues carry the count they name.
 */

const required = () => z.string().trim().min(1, { message: VALIDATION.required });

export const roomNameSchema = required().max(LIMITS.roomNameMax, {
  message: VALIDATION.maxLength,
});

export const roomDescriptionSchema = z
  .string()
  .trim()
  .max(ROOM_LIMITS.descriptionMax, { message: VALIDATION.maxLength });

/** A room URL as typed: trimmed and lower-cased, then checked against the pattern. */
export const roomUrlSchema = required()
  .toLowerCase()
  .min(ROOM_LIMITS.url.min, { message: VALIDATION.minLength })
  .max(ROOM_LIMITS.url.max, { message: VALIDATION.maxLength })
  .regex(ROOM_URL_PATTERN, { message: VALIDATION.invalidFormat });

/** A room URL to look up: any non-blank text, since a URL being typed is not finished yet. */
const roomUrlLookupSchema = required().toLowerCase().max(200, { message: VALIDATION.maxLength });

/** Passwords are taken as typed: no trimming. */
export const roomPasswordSchema = z
  .string()
  .min(1, { message: VALIDATION.required })
  .max(ROOM_LIMITS.passwordMax, { message: VALIDATION.maxLength });

const visibilitySchema = z.enum(ROOM_VISIBILITIES, { message: VALIDATION.invalidFormat });
const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { message: VALIDATION.invalidFormat });
const idSchema = z.string().min(1, { message: VALIDATION.required }).max(100);
const sessionIdSchema = required().max(200, { message: VALIDATION.maxLength });

/** The password gate pass any room call may carry. */
const accessArgs = {
  accessToken: z.string().max(200).optional(),
  session_id: z.string().max(200).optional(),
};

export const roomListArgsSchema = z.object({
  search: z
    .string()
    .trim()
    .max(ROOM_LIMITS.searchMax, { message: VALIDATION.maxLength })
    .optional(),
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
  id: idSchema,
  name: roomNameSchema.optional(),
  description: roomDescriptionSchema.optional(),
  room_url: roomUrlSchema.optional(),
  visibility: visibilitySchema.optional(),
  password: roomPasswordSchema.nullable().optional(),
});
export type UpdateRoomInput = z.output<typeof updateRoomSchema>;

/** The argument schema of each rooms.* function, by path. */
export const ROOM_ARG_SCHEMAS = {
  'rooms.get': z.object({ id: idSchema, ...accessArgs }),
  'rooms.create': createRoomSchema,
  'rooms.update': updateRoomSchema,
  'rooms.remove': z.object({ id: idSchema }),
  'rooms.getPublicRoomsWithAuthors': roomListArgsSchema,
  'rooms.getUserRoomsWithAuthors': roomListArgsSchema.extend({ userId: idSchema }),
  'rooms.getRoomInfoByUrl': z.object({
    room_url: roomUrlLookupSchema,
    exclude_id: idSchema.optional(),
    ...accessArgs,
  }),
  'rooms.checkPassword': z.object({ room_url: roomUrlLookupSchema, password: roomPasswordSchema }),
  'rooms.generateAccessToken': z.object({
    room_url: roomUrlLookupSchema,
    password: roomPasswordSchema,
    session_id: sessionIdSchema,
  }),
  'rooms.verifyAccessToken': z.object({
    room_url: roomUrlLookupSchema,
    token: required().max(200),
    session_id: sessionIdSchema,
  }),
  'rooms.cleanupExpiredTokens': z.object({}),
  'rooms.toggleFavorite': z.object({ roomId: idSchema, userId: idSchema, ...accessArgs }),
  'rooms.requestAccess': z.object({ roomId: idSchema }),
  'rooms.getRoomUsers': z.object({ roomId: idSchema, ...accessArgs }),
  'rooms.addUser': z.object({
    roomId: idSchema,
    usernameOrEmail: required().max(320, { message: VALIDATION.maxLength }),
    role: assignableRoleSchema,
  }),
  'rooms.updateUserRole': z.object({
    roomId: idSchema,
    userId: idSchema,
    role: assignableRoleSchema,
  }),
  'rooms.removeUser': z.object({ roomId: idSchema, userId: idSchema }),
  'rooms.approveRequest': z.object({
    roomId: idSchema,
    userId: idSchema,
    role: assignableRoleSchema,
  }),
  'rooms.rejectRequest': z.object({ roomId: idSchema, userId: idSchema }),
} as const;
