import { TOPICS, type UserId } from '@music-rooms/domain';
import { listListeners } from '../../services/rooms/listeners';
import { defineQuery } from '../define';
import { viewerOf } from '../caller';

/** The listeners panel: who is in the room now and how their pages play along. */
export const roomListenerFunctions = [
  // Members only; follows presence, the pages' reports, roles, the host and the names shown.
  defineQuery('rooms.listeners', async (ctx, { roomId, ...pass }) => {
    ctx.watch(TOPICS.presence(roomId));
    ctx.watch(TOPICS.listeners(roomId));
    ctx.watch(TOPICS.room(roomId));
    ctx.watch(TOPICS.roomUsers(roomId));
    ctx.watch(TOPICS.player(roomId));
    const listeners = await listListeners(ctx.deps, viewerOf(ctx), roomId, pass);
    for (const { user } of listeners) if (user) ctx.watch(TOPICS.user(user._id as UserId));
    return listeners;
  }),
];
