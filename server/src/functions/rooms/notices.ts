import { TOPICS } from '@music-rooms/domain';
import { addedNotices, dismissAddedNotice } from '../../services/rooms/notices';
import { defineMutation, defineQuery } from '../define';
import { viewerOf } from '../caller';

/** The notices of being added to a room: live for the person added, until seen. */
export const roomNoticeFunctions = [
  // The viewer's rooms they were added to and have not opened yet; live, so a new one shows at once.
  defineQuery('rooms.getAddedNotices', async (ctx) => {
    if (ctx.caller.userId) ctx.watch(TOPICS.userRooms(ctx.caller.userId));
    const notices = await addedNotices(ctx.deps, viewerOf(ctx));
    for (const notice of notices) {
      ctx.watch(TOPICS.room(notice.roomId));
      if (notice.addedBy) ctx.watch(TOPICS.user(notice.addedBy._id));
    }
    return notices;
  }),
  // Forgets one notice of the caller's.
  defineMutation('rooms.dismissAddedNotice', async (ctx, { roomId }) => {
    const result = await dismissAddedNotice(ctx.deps, viewerOf(ctx), roomId);
    if (result.dismissed && ctx.caller.userId) ctx.publish(TOPICS.userRooms(ctx.caller.userId));
    return result;
  }),
];
