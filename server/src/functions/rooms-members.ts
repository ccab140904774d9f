import { ROOM_ARG_SCHEMAS, ROOM_TOPICS } from '@music-rooms/domain';
import {
  addRoomUser,
  approveAccessRequest,
  listRoomUsers,
  rejectAccessRequest,
  removeRoomUser,
  updateRoomUserRole,
} from '../services/rooms/members';
import { defineMutation, defineQuery } from './define';
import { publishRoomChange, roomCall, viewerOf } from './rooms-common';

/** The users modal (spec §2): members, requests, and the removal rules of §6. */
export const roomMemberFunctions = [
  // Members for anyone with users.view; requests only for those who may manage users.
  defineQuery({
    path: 'rooms.getRoomUsers',
    args: ROOM_ARG_SCHEMAS['rooms.getRoomUsers'],
    handler: (ctx, { roomId, ...pass }) =>
      roomCall(async () => {
        ctx.watch(ROOM_TOPICS.users(roomId));
        return listRoomUsers(ctx.db, viewerOf(ctx), roomId, pass);
      }),
  }),
  // Adds someone by username or e-mail.
  defineMutation({
    path: 'rooms.addUser',
    args: ROOM_ARG_SCHEMAS['rooms.addUser'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const result = await addRoomUser(ctx.db, viewerOf(ctx), input);
        publishRoomChange(ctx, input.roomId, [result.userId]);
        return result;
      }),
  }),
  // Changes a member's role, within the removal rules.
  defineMutation({
    path: 'rooms.updateUserRole',
    args: ROOM_ARG_SCHEMAS['rooms.updateUserRole'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const result = await updateRoomUserRole(ctx.db, viewerOf(ctx), input);
        publishRoomChange(ctx, input.roomId, [input.userId]);
        return result;
      }),
  }),
  // Removes a member, within the removal rules.
  defineMutation({
    path: 'rooms.removeUser',
    args: ROOM_ARG_SCHEMAS['rooms.removeUser'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const result = await removeRoomUser(ctx.db, viewerOf(ctx), input);
        publishRoomChange(ctx, input.roomId, [input.userId]);
        return result;
      }),
  }),
  // Lets someone who asked in, with a role.
  defineMutation({
    path: 'rooms.approveRequest',
    args: ROOM_ARG_SCHEMAS['rooms.approveRequest'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const result = await approveAccessRequest(ctx.db, viewerOf(ctx), input);
        publishRoomChange(ctx, input.roomId, [input.userId]);
        return result;
      }),
  }),
  // Refuses a request.
  defineMutation({
    path: 'rooms.rejectRequest',
    args: ROOM_ARG_SCHEMAS['rooms.rejectRequest'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const result = await rejectAccessRequest(ctx.db, viewerOf(ctx), input);
        publishRoomChange(ctx, input.roomId, [input.userId]);
        return result;
      }),
  }),
];
