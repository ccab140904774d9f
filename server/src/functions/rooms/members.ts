import { TOPICS } from '@music-rooms/domain';
import {
  addRoomUser,
  approveAccessRequest,
  listRoomUsers,
  rejectAccessRequest,
  removeRoomUser,
  updateRoomUserRole,
} from '../../services/rooms/members';
import { defineMutation, defineQuery } from '../define';
import { viewerOf } from '../caller';
import { publishRoomChange } from './topics';

/** The users modal (spec §2): members, requests, and the removal rules of §6. */
export const roomMemberFunctions = [
  // Members for anyone with users.view; requests only for those who may manage users.
  defineQuery('rooms.getRoomUsers', (ctx, { roomId, ...pass }) => {
    ctx.watch(TOPICS.roomUsers(roomId));
    return listRoomUsers(ctx.deps, viewerOf(ctx), roomId, pass);
  }),
  // Adds someone by username or e-mail.
  defineMutation('rooms.addUser', async (ctx, input) => {
    const result = await addRoomUser(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, input.roomId, [result.userId]);
    return result;
  }),
  // Changes a member's role, within the removal rules.
  defineMutation('rooms.updateUserRole', async (ctx, input) => {
    const result = await updateRoomUserRole(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, input.roomId, [input.userId]);
    return result;
  }),
  // Removes a member, within the removal rules.
  defineMutation('rooms.removeUser', async (ctx, input) => {
    const result = await removeRoomUser(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, input.roomId, [input.userId]);
    return result;
  }),
  // Lets someone who asked in, with a role.
  defineMutation('rooms.approveRequest', async (ctx, input) => {
    const result = await approveAccessRequest(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, input.roomId, [input.userId]);
    return result;
  }),
  // Refuses a request.
  defineMutation('rooms.rejectRequest', async (ctx, input) => {
    const result = await rejectAccessRequest(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, input.roomId, [input.userId]);
    return result;
  }),
];
