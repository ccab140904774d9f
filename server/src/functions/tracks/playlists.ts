import { TOPICS } from '@music-rooms/domain';
import { viewerOf } from '../caller';
import {
  createPlaylist,
  listPlaylists,
  removePlaylist,
  renamePlaylist,
} from '../../services/tracks/playlists';
import { defineMutation, defineQuery } from '../define';
import { publishTracksChange } from './topics';

/** A room's playlists (spec §6: editors and above manage them). */
export const playlistFunctions = [
  defineQuery('playlists.list', async (ctx, { roomId, ...pass }) => {
    ctx.watch(TOPICS.playlists(roomId));
    ctx.watch(TOPICS.room(roomId));
    ctx.watch(TOPICS.roomUsers(roomId));
    return listPlaylists(ctx.deps, viewerOf(ctx), roomId, pass);
  }),
  defineMutation('playlists.create', async (ctx, { roomId, name }) => {
    const playlist = await createPlaylist(ctx.deps, viewerOf(ctx), roomId, name);
    publishTracksChange(ctx, [roomId]);
    return { _id: playlist.id };
  }),
  defineMutation('playlists.rename', async (ctx, { id, name }) => {
    const playlist = await renamePlaylist(ctx.deps, viewerOf(ctx), id, name);
    publishTracksChange(ctx, [playlist.roomId]);
    return playlist;
  }),
  // Removes a playlist and its tracks; the default playlist stays.
  defineMutation('playlists.remove', async (ctx, { id }) => {
    publishTracksChange(ctx, [await removePlaylist(ctx.deps, viewerOf(ctx), id)]);
    return { removed: true as const };
  }),
];
