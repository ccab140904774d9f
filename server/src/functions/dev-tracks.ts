import { requireSuperAdmin } from '../services/accounts/super-admin';
import { listDuplicates, resolveDuplicates } from '../services/dev/duplicates';
import { listLoudness, measureLoudnessAgain } from '../services/dev/loudness';
import { viewerOf } from './caller';
import { publishTracksChange } from './tracks/topics';
import { defineAction } from './define';

/** The track tools of the developer pages (spec §2); a super administrator's only. */
export const devTrackFunctions = [
  defineAction('devTracks.duplicates', async (ctx, { roomId }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return listDuplicates(ctx.deps, roomId ?? null);
  }),
  defineAction('devTracks.resolveDuplicates', async (ctx, args) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    const { removed, roomId } = await resolveDuplicates(ctx.deps, args);
    publishTracksChange(ctx, [roomId]);
    return { removed };
  }),
  defineAction('devTracks.loudness', async (ctx, { search }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return listLoudness(ctx.deps, search);
  }),
  defineAction('devTracks.measureLoudness', async (ctx, { trackId }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return measureLoudnessAgain(ctx.deps, trackId ?? null);
  }),
];
