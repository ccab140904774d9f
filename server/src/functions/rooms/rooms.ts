import { TOPICS } from '@music-rooms/domain';
import { requireSignedIn } from '../../services/rooms/access';
import { roomErrors } from '../../services/rooms/errors';
import { listRooms } from '../../services/rooms/list';
import { roomUserIds } from '../../services/rooms/members';
import {
  createRoom,
  getRoomDetails,
  removeRoom,
  roomInfoByUrl,
  updateRoom,
} from '../../services/rooms/rooms';
import { defineMutation, defineQuery } from '../define';
import { viewerOf } from '../caller';
import { publishRoomChange, watchList, watchRoom } from './topics';

/** Rooms themselves (spec §7 rooms.*): the page, create, settings, delete, lists, URL lookup. */
export const roomFunctions = [
  // The room page: the room and what the caller may do there; null when it does not exist.
  defineQuery('rooms.get', async (ctx, { id, ...pass }) => {
    watchRoom(ctx, id);
    const room = await getRoomDetails(ctx.deps, viewerOf(ctx), id, pass);
    if (room) watchRoom(ctx, id, room.owner);
    return room;
  }),
  // Create room: the caller becomes its owner.
  defineMutation('rooms.create', async (ctx, input) => {
    const room = await createRoom(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, room.id, [room.ownerId]);
    return { _id: room.id, room_url: room.roomUrl };
  }),
  // Room settings (owner and admins).
  defineMutation('rooms.update', async (ctx, input) => {
    const room = await updateRoom(ctx.deps, viewerOf(ctx), input);
    publishRoomChange(ctx, room._id, await roomUserIds(ctx.deps, room._id, [room.owner]));
    return room;
  }),
  // Delete room (owner only): everything of the room goes with it.
  defineMutation('rooms.remove', async (ctx, { id }) => {
    const { memberIds } = await removeRoom(ctx.deps, viewerOf(ctx), id);
    publishRoomChange(ctx, id, memberIds);
    return { removed: true as const };
  }),
  // The home page's "all rooms": every room but hidden ones, searched, sorted and paged.
  defineQuery('rooms.getPublicRoomsWithAuthors', async (ctx, query) => {
    const result = await listRooms(ctx.deps, ctx.caller.userId, { kind: 'public' }, query);
    watchList(ctx, result.rooms, query.sort === 'active');
    return result;
  }),
  // "My rooms": rooms the caller owns, has a role in, or asked to join.
  defineQuery('rooms.getUserRoomsWithAuthors', async (ctx, { userId, ...query }) => {
    const me = requireSignedIn(viewerOf(ctx));
    if (userId !== me) throw roomErrors.forbidden();
    ctx.watch(TOPICS.userRooms(me));
    const result = await listRooms(ctx.deps, me, { kind: 'mine', userId: me }, query);
    watchList(ctx, result.rooms, query.sort === 'active');
    return result;
  }),
  // Room URL lookup: the create and settings forms (is it free?) and the room page (may I look?).
  defineQuery('rooms.getRoomInfoByUrl', async (ctx, input) => {
    ctx.watch(TOPICS.roomList);
    const { info, roomId } = await roomInfoByUrl(ctx.deps, viewerOf(ctx), input);
    // The gate shows the owner's name: a rename of theirs re-runs this query too.
    const ownerId = info.room?.owner ?? info.preview?.author._id;
    if (roomId) watchRoom(ctx, roomId, ownerId);
    return info;
  }),
];
