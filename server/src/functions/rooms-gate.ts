import { ROOM_ARG_SCHEMAS, ROOM_TOPICS } from '@music-rooms/domain';
import { toggleFavorite } from '../services/rooms/favorites';
import {
  checkAccessToken,
  checkRoomPassword,
  cleanupExpiredTokens,
  issueAccessToken,
  type GateDeps,
} from '../services/rooms/gate';
import { requestRoomAccess } from '../services/rooms/members';
import { defineMutation, defineQuery, type MutationContext, type QueryContext } from './define';
import { publishRoomChange, roomCall, roomDeps, viewerOf } from './rooms-common';

const gateDeps = (ctx: QueryContext | MutationContext): GateDeps => ({
  ...roomDeps(ctx),
  attempts: ctx.services.attempts,
  accessTokenTtlMs: ctx.config.rooms.accessTokenTtlMs,
});

const addressOf = (ctx: QueryContext | MutationContext) => ctx.caller.address ?? null;

/** The way into a room: the password gate, favourites and access requests (spec §4). */
export const roomGateFunctions = [
  // Whether a password opens the room (rate-limited per room and client address).
  defineQuery({
    path: 'rooms.checkPassword',
    args: ROOM_ARG_SCHEMAS['rooms.checkPassword'],
    handler: (ctx, input) =>
      roomCall(() => checkRoomPassword(gateDeps(ctx), input, addressOf(ctx))),
  }),
  // The right password gives this tab a pass (rate-limited like checkPassword).
  defineMutation({
    path: 'rooms.generateAccessToken',
    args: ROOM_ARG_SCHEMAS['rooms.generateAccessToken'],
    handler: (ctx, input) => roomCall(() => issueAccessToken(gateDeps(ctx), input, addressOf(ctx))),
  }),
  // Whether this tab's pass still opens the room: "Token expired" or "Invalid token" when not.
  defineQuery({
    path: 'rooms.verifyAccessToken',
    args: ROOM_ARG_SCHEMAS['rooms.verifyAccessToken'],
    handler: (ctx, input) => checkAccessToken(gateDeps(ctx), input),
  }),
  // Sweeps expired passes (also done every 300 s). Harmless for anyone: only lapsed passes go.
  defineMutation({
    path: 'rooms.cleanupExpiredTokens',
    args: ROOM_ARG_SCHEMAS['rooms.cleanupExpiredTokens'],
    handler: async (ctx) => ({ removed: await cleanupExpiredTokens(ctx) }),
  }),
  // Marks or unmarks a room as the caller's favourite.
  defineMutation({
    path: 'rooms.toggleFavorite',
    args: ROOM_ARG_SCHEMAS['rooms.toggleFavorite'],
    handler: (ctx, input) =>
      roomCall(async () => {
        const result = await toggleFavorite(ctx.db, viewerOf(ctx), input);
        ctx.publish(ROOM_TOPICS.room(input.roomId));
        ctx.publish(ROOM_TOPICS.userRooms(input.userId));
        return result;
      }),
  }),
  // A signed-in stranger asks to join.
  defineMutation({
    path: 'rooms.requestAccess',
    args: ROOM_ARG_SCHEMAS['rooms.requestAccess'],
    handler: (ctx, { roomId }) =>
      roomCall(async () => {
        const { status, changed } = await requestRoomAccess(ctx.db, viewerOf(ctx), roomId);
        if (changed) publishRoomChange(ctx, roomId, [ctx.caller.userId]);
        return { status };
      }),
  }),
];
