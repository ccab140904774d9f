import { z } from 'zod';
import type {
  AccessRequestStatus,
  AddedNotice,
  AssignableRole,
  RoomDetails,
  RoomInfo,
  RoomListResult,
  RoomUsersResult,
} from '../rooms';
import type { RoomId, UserId } from '../ids';
import type { Listener } from '../listeners';
import { roomIdSchema, userIdSchema } from '../schemas/ids';
import {
  accessTokenSchema,
  assignableRoleSchema,
  createRoomSchema,
  roomAccessArgs,
  roomListArgsSchema,
  roomPasswordSchema,
  roomUrlLookupSchema,
  sessionIdSchema,
  updateRoomSchema,
  usernameOrEmailSchema,
} from '../schemas/rooms';
import { mutation, query } from './define';

const roomMember = { roomId: roomIdSchema, userId: userIdSchema };
const gate = { room_url: roomUrlLookupSchema, password: roomPasswordSchema };

/** The rooms.* functions (spec §7): rooms, lists, the password gate and the users modal. */
export const ROOM_FUNCTIONS = {
  'rooms.get': query(
    z.object({ id: roomIdSchema, ...roomAccessArgs }),
  ).returns<RoomDetails | null>(),
  'rooms.create': mutation(createRoomSchema).returns<{ _id: RoomId; room_url: string }>(),
  'rooms.update': mutation(updateRoomSchema).returns<RoomDetails>(),
  'rooms.remove': mutation(z.object({ id: roomIdSchema })).returns<{ removed: true }>(),
  'rooms.getPublicRoomsWithAuthors': query(roomListArgsSchema).returns<RoomListResult>(),
  'rooms.getUserRoomsWithAuthors': query(
    roomListArgsSchema.extend({ userId: userIdSchema }),
  ).returns<RoomListResult>(),
  'rooms.getRoomInfoByUrl': query(
    z.object({
      room_url: roomUrlLookupSchema,
      exclude_id: roomIdSchema.optional(),
      ...roomAccessArgs,
    }),
  ).returns<RoomInfo>(),
  'rooms.checkPassword': query(z.object(gate)).returns<{ valid: boolean }>(),
  'rooms.generateAccessToken': mutation(
    z.object({ ...gate, session_id: sessionIdSchema }),
  ).returns<{ token: string; expiresAt: number }>(),
  'rooms.verifyAccessToken': query(
    z.object({
      room_url: roomUrlLookupSchema,
      token: accessTokenSchema,
      session_id: sessionIdSchema,
    }),
  ).returns<{ valid: boolean; error?: string }>(),
  'rooms.cleanupExpiredTokens': mutation(z.object({})).returns<{ removed: number }>(),
  /** The gate pass is needed only for a password-protected room the caller is no member of. */
  'rooms.toggleFavorite': mutation(z.object({ ...roomMember, ...roomAccessArgs })).returns<{
    isFavorite: boolean;
  }>(),
  'rooms.requestAccess': mutation(z.object({ roomId: roomIdSchema })).returns<{
    status: AccessRequestStatus;
  }>(),
  'rooms.getRoomUsers': query(
    z.object({ roomId: roomIdSchema, ...roomAccessArgs }),
  ).returns<RoomUsersResult>(),
  'rooms.addUser': mutation(
    z.object({
      roomId: roomIdSchema,
      usernameOrEmail: usernameOrEmailSchema,
      role: assignableRoleSchema,
    }),
  ).returns<{ userId: UserId }>(),
  'rooms.updateUserRole': mutation(
    z.object({ ...roomMember, role: assignableRoleSchema }),
  ).returns<{ role: AssignableRole }>(),
  'rooms.removeUser': mutation(z.object(roomMember)).returns<{ removed: true }>(),
  'rooms.approveRequest': mutation(
    z.object({ ...roomMember, role: assignableRoleSchema }),
  ).returns<{ role: AssignableRole }>(),
  'rooms.rejectRequest': mutation(z.object(roomMember)).returns<{ role: 'rejected' }>(),
  /** Who is in the room now, with role, host mark and how each plays along (members only). */
  'rooms.listeners': query(z.object({ roomId: roomIdSchema, ...roomAccessArgs })).returns<
    Listener[]
  >(),
  /** The viewer's rooms they were added to and have not opened yet (none for a guest). */
  'rooms.getAddedNotices': query(z.object({})).returns<AddedNotice[]>(),
  /** Forgets the notice of being added to a room; opening the room does the same. */
  'rooms.dismissAddedNotice': mutation(z.object({ roomId: roomIdSchema })).returns<{
    dismissed: boolean;
  }>(),
} as const;
