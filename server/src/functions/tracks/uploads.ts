import { TOPICS } from '@music-rooms/domain';
import { viewerOf } from '../caller';
import { cancelUpload, resolveDuplicate } from '../../services/tracks/duplicates';
import { listUploads } from '../../services/tracks/uploads';
import { defineMutation, defineQuery } from '../define';
import { publishTracksChange } from './topics';

/** The caller's uploads: the upload panel, the duplicates chooser, cancel. */
export const uploadFunctions = [
  defineQuery('uploads.list', async (ctx, { roomId }) => {
    if (ctx.caller.userId) ctx.watch(TOPICS.uploads(ctx.caller.userId));
    ctx.watch(TOPICS.tracks(roomId));
    return listUploads(ctx.deps, viewerOf(ctx), roomId);
  }),
  defineMutation('tracks.resolveDuplicate', async (ctx, { uploadId, choice }) => {
    const upload = await resolveDuplicate(ctx.deps, viewerOf(ctx), uploadId, choice);
    publishTracksChange(ctx, [upload.roomId]);
    if (ctx.caller.userId) ctx.publish(TOPICS.uploads(ctx.caller.userId));
    return upload;
  }),
  defineMutation('uploads.cancel', async (ctx, { uploadId }) => {
    const upload = await cancelUpload(ctx.deps, viewerOf(ctx), uploadId);
    if (ctx.caller.userId) ctx.publish(TOPICS.uploads(ctx.caller.userId));
    return upload;
  }),
];
