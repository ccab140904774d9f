import { TOPICS } from '@music-rooms/domain';
import { viewerOf } from '../caller';
import {
  createPlaylist,
  listPlaylists,
  removePlaylist,
  renamePlaylist,
} from '../../services/tracks/playlists';
import {
  addTracksToPlaylist,
  removeTracksFromPlaylist,
} from '../../services/tracks/playlist-entries';
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
  // Removes a playlist and its entries (tracks in no other go to the default one).
  defineMutation('playlists.remove', async (ctx, { id }) => {
    publishTracksChange(ctx, [await removePlaylist(ctx.deps, viewerOf(ctx), id)]);
    return { removed: true as const };
  }),
  // "Add to playlist…": the tracks also go to the end of another playlist of their room.
  defineMutation('playlists.addTracks', async (ctx, { playlistId, ids }) => {
    const { roomId, added } = await addTracksToPlaylist(ctx.deps, viewerOf(ctx), playlistId, ids);
    publishTracksChange(ctx, [roomId]);
    return { added };
  }),
  // "Remove from this playlist": the tracks stay in the room and their other playlists.
  defineMutation('playlists.removeTracks', async (ctx, { playlistId, ids }) => {
    const { roomId, removed } = await removeTracksFromPlaylist(
      ctx.deps,
      viewerOf(ctx),
      playlistId,
      ids,
    );
    publishTracksChange(ctx, [roomId]);
    return { removed };
  }),
];
