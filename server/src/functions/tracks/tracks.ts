import { viewerOf } from '../caller';
import { removeTrack, removeTracks, updateManyTracks } from '../../services/tracks/batch';
import { setTrackCover } from '../../services/tracks/covers';
import { fixTrackDurations } from '../../services/tracks/maintenance';
import { restoreRemoval } from '../../services/tracks/removals';
import { getTrack, listTracks, reorderTracks, updateTrack } from '../../services/tracks/tracks';
import { defineMutation, defineQuery } from '../define';
import { publishTracksChange, watchTracks } from './topics';

/** The room's tracks (spec §7 tracks.*): the list, the info panel, edits, order, covers. */
export const trackFunctions = [
  // The track list of a room or one of its playlists, with the playlist stats.
  defineQuery('tracks.list', async (ctx, query) => {
    watchTracks(ctx, query.roomId);
    return listTracks(ctx.deps, viewerOf(ctx), query);
  }),
  // The track info panel.
  defineQuery('tracks.get', async (ctx, { id, ...pass }) => {
    const track = await getTrack(ctx.deps, viewerOf(ctx), id, pass);
    watchTracks(ctx, track.roomId);
    return track;
  }),
  // Edit one track's tags (editors and above).
  defineMutation('tracks.update', async (ctx, { id, ...changes }) => {
    const track = await updateTrack(ctx.deps, viewerOf(ctx), id, changes);
    publishTracksChange(ctx, [track.roomId]);
    return track;
  }),
  // Batch edit: the same changes on many tracks, a result for each.
  defineMutation('tracks.updateMany', async (ctx, { ids, changes }) => {
    const { results, roomIds } = await updateManyTracks(ctx.deps, viewerOf(ctx), ids, changes);
    publishTracksChange(ctx, roomIds);
    return { results };
  }),
  // Remove one track (the list asks for a second click first); undoable for a while.
  defineMutation('tracks.remove', async (ctx, { id }) => {
    const { roomId, removalIds } = await removeTrack(ctx.deps, viewerOf(ctx), id);
    publishTracksChange(ctx, [roomId]);
    return { removed: true as const, removalId: removalIds[0] ?? null };
  }),
  // Remove the selected tracks, a result for each; undoable for a while.
  defineMutation('tracks.removeMany', async (ctx, { ids }) => {
    const { results, roomIds, removalIds } = await removeTracks(ctx.deps, viewerOf(ctx), ids);
    publishTracksChange(ctx, roomIds);
    return { results, removalIds };
  }),
  // Undo a removal: the tracks come back where they were, for everyone.
  defineMutation('tracks.restore', async (ctx, { removalId }) => {
    const { roomId, restored } = await restoreRemoval(ctx.deps, viewerOf(ctx), removalId);
    publishTracksChange(ctx, [roomId]);
    return { restored };
  }),
  // The manual order of a playlist.
  defineMutation('tracks.reorder', async (ctx, { playlistId, ids }) => {
    const { roomId, reordered } = await reorderTracks(ctx.deps, viewerOf(ctx), playlistId, ids);
    publishTracksChange(ctx, [roomId]);
    return { reordered };
  }),
  // A new cover from an uploaded image, or back to the file's own.
  defineMutation('tracks.setCover', async (ctx, { id, uploadId }) => {
    const track = await setTrackCover(ctx.deps, viewerOf(ctx), id, uploadId);
    publishTracksChange(ctx, [track.roomId]);
    return track;
  }),
  // Maintenance: count, then fix, tracks of zero duration.
  defineMutation('tracks.fixDurations', async (ctx, { confirm }) => {
    const { total, fixed, roomIds } = await fixTrackDurations(ctx.deps, viewerOf(ctx), confirm);
    publishTracksChange(ctx, roomIds);
    return { total, fixed };
  }),
];
