import { ROOM_ARG_SCHEMAS, ROOM_TOPICS } from '@music-rooms/domain';
import { listRooms } from '../services/rooms/list';
import {
  createRoom,
  getRoomDetails,
  removeRoom,
  roomInfoByUrl,
  updateRoom,
} from '../services/rooms/rooms';
import { requireSignedIn } from '../services/rooms/access';
import { roomErrors } from '../services/rooms/errors';
import { roomUserIds } from '../services/rooms/members';
import { defineMutation, defineQuery } from './define';
import {
  listDeps,
  publishRoomChange,
  roomCall,
  roomDeps,
  viewerOf,
  watchList,
  watchRoom,
} from './rooms-common';

/** Rooms themselves (spec §7 rooms.*): the page, create, settings, delete, lists, URL lookup. */
export const roomFunctions = [
  // The room page: the room and what the caller may do there; null when it does not exist.
  defineQuery({
    path: 'rooms.get',
    args: ROOM_ARG_SCHEMAS['rooms.get'],
    handler: (ctx, { id, ...pass }) =>
      roomCall(async () => {
        watchRoom(ctx, id);
        const room = await getRoomDetails(roomDeps(ctx), viewerOf(ctx), id, pass);
        if (room) watchRoom(ctx, id, room.owner);
        return room;
      }),
  }),
  // Create room: the caller becomes its owner.
  defineMutation({
    path: 'rooms.create',
    args: ROOM_ARG_SCHEMAS['rooms.create'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const room = await createRoom(roomDeps(ctx), viewerOf(ctx), input);
        publishRoomChange(ctx, room.id, [room.ownerId]);
        return { _id: room.id, room_url: room.roomUrl };
      }),
  }),
  // Room settings (owner and admins).
  defineMutation({
    path: 'rooms.update',
    args: ROOM_ARG_SCHEMAS['rooms.update'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const room = await updateRoom(roomDeps(ctx), viewerOf(ctx), input);
        publishRoomChange(ctx, room._id, await roomUserIds(ctx.db, room._id, [room.owner]));
        return room;
      }),
  }),
  // Delete room (owner only): everything of the room goes with it.
  defineMutation({
    path: 'rooms.remove',
    args: ROOM_ARG_SCHEMAS['rooms.remove'],
    handler: (ctx, { id }) =>
      roomCall(async () => {
        const { memberIds } = await removeRoom(roomDeps(ctx), viewerOf(ctx), id);
        publishRoomChange(ctx, id, memberIds);
        return { removed: true as const };
      }),
  }),
  // The home page's "all rooms": every room but hidden ones, searched, sorted and paged.
  defineQuery({
    path: 'rooms.getPublicRoomsWithAuthors',
    args: ROOM_ARG_SCHEMAS['rooms.getPublicRoomsWithAuthors'],
    handler: async (ctx, query) => {
      const result = await listRooms(listDeps(ctx), ctx.caller.userId, { kind: 'public' }, query);
      watchList(ctx, result.rooms, query.sort === 'active');
      return result;
    },
  }),
  // "My rooms": rooms the caller owns, has a role in, or asked to join.
  defineQuery({
    path: 'rooms.getUserRoomsWithAuthors',
    args: ROOM_ARG_SCHEMAS['rooms.getUserRoomsWithAuthors'],
    handler: (ctx, { userId, ...query }) =>
      roomCall(async () => {
        const me = requireSignedIn(viewerOf(ctx));
        if (userId !== me) throw roomErrors.forbidden();
        ctx.watch(ROOM_TOPICS.userRooms(me));
        const scope = { kind: 'mine' as const, userId: me };
        const result = await listRooms(listDeps(ctx), me, scope, query);
        watchList(ctx, result.rooms, query.sort === 'active');
        return result;
      }),
  }),
  // Room URL lookup: the create and settings forms (is it free?) and the room page (may I look?).
  defineQuery({
    path: 'rooms.getRoomInfoByUrl',
    args: ROOM_ARG_SCHEMAS['rooms.getRoomInfoByUrl'],
    handler: async (ctx, input) => {
      ctx.watch(ROOM_TOPICS.list);
      const { info, roomId } = await roomInfoByUrl(roomDeps(ctx), viewerOf(ctx), input);
      if (roomId) watchRoom(ctx, roomId);
      return info;
    },
  }),
];
