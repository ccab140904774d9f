import { TOPICS } from '@music-rooms/domain';
import { toggleFavorite } from '../../services/rooms/favorites';
import {
  checkAccessToken,
  checkRoomPassword,
  cleanupExpiredTokens,
  issueAccessToken,
} from '../../services/rooms/gate';
import { requestRoomAccess } from '../../services/rooms/members';
import { defineMutation, defineQuery, type MutationContext, type QueryContext } from '../define';
import { viewerOf } from '../caller';
import { publishRoomChange } from './topics';

const addressOf = (ctx: QueryContext | MutationContext) => ctx.caller.address ?? null;

/** The way into a room: the password gate, favourites and access requests (spec §4). */
export const roomGateFunctions = [
  // Whether a password opens the room (rate-limited per room and client address).
  defineQuery('rooms.checkPassword', (ctx, input) =>
    checkRoomPassword(ctx.deps, input, addressOf(ctx)),
  ),
  // The right password gives this tab a pass (rate-limited like checkPassword).
  defineMutation('rooms.generateAccessToken', (ctx, input) =>
    issueAccessToken(ctx.deps, input, addressOf(ctx)),
  ),
  // Whether this tab's pass still opens the room: "Token expired" or "Invalid token" when not.
  defineQuery('rooms.verifyAccessToken', (ctx, input) => checkAccessToken(ctx.deps, input)),
  // Sweeps expired passes (also done every 300 s). Harmless for anyone: only lapsed passes go.
  defineMutation('rooms.cleanupExpiredTokens', async (ctx) => ({
    removed: await cleanupExpiredTokens(ctx.deps),
  })),
  // Marks or unmarks a room as the caller's favourite.
  defineMutation('rooms.toggleFavorite', async (ctx, input) => {
    const result = await toggleFavorite(ctx.deps, viewerOf(ctx), input);
    ctx.publish(TOPICS.room(input.roomId));
    ctx.publish(TOPICS.userRooms(input.userId));
    return result;
  }),
  // A signed-in stranger asks to join.
  defineMutation('rooms.requestAccess', async (ctx, { roomId }) => {
    const { status, changed } = await requestRoomAccess(ctx.deps, viewerOf(ctx), roomId);
    if (changed) publishRoomChange(ctx, roomId, [ctx.caller.userId]);
    return { status };
  }),
];
