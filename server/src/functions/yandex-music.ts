import { TOPICS, type ImportView } from '@music-rooms/domain';
import { requireSignedIn } from '../services/rooms/access';
import { resolveLink, searchTracks } from '../services/yandex-music/catalog';
import { libraryOf, likedTracksOf, validateToken } from '../services/yandex-music/library';
import { importStatus, listImports } from '../services/yandex-music/import-views';
import {
  cancelImport,
  removeFailedItems,
  retryImport,
  startImport,
} from '../services/yandex-music/imports';
import { viewerOf } from './caller';
import { publishTracksChange } from './tracks/topics';
import { tellTracksAdded } from '../services/rooms/activity-news';
import { defineAction, defineMutation, defineQuery, type MutationContext } from './define';

/** After an import started, moved or stopped: the importer's imports and the room's tracks. */
function publishImportChange(ctx: MutationContext, view: ImportView): void {
  if (ctx.caller.userId) ctx.publish(TOPICS.imports(ctx.caller.userId));
  publishTracksChange(ctx, [view.roomId]);
}

/** The import from the streaming service (spec §7 streaming-service flows). */
export const yandexMusicFunctions = [
  // Token validation: the account, and the title of a track it can read.
  defineAction('yandexMusic.validateToken', async (ctx, { token }) => {
    requireSignedIn(viewerOf(ctx));
    return validateToken(ctx.deps.yandexMusic.client, token);
  }),
  // Playlist (album, track) load: its title, cover, count and tracks.
  defineAction('yandexMusic.resolve', async (ctx, { token, url }) => {
    requireSignedIn(viewerOf(ctx));
    return resolveLink(ctx.deps.yandexMusic.client, token, url);
  }),
  // The account's own library: its liked tracks and playlists.
  defineAction('yandexMusic.library', async (ctx, { token }) => {
    requireSignedIn(viewerOf(ctx));
    return libraryOf(ctx.deps.yandexMusic.client, token);
  }),
  defineAction('yandexMusic.likedTracks', async (ctx, { token }) => {
    requireSignedIn(viewerOf(ctx));
    return likedTracksOf(ctx.deps.yandexMusic.client, token);
  }),
  // Track search.
  defineAction('yandexMusic.search', async (ctx, { token, query }) => {
    requireSignedIn(viewerOf(ctx));
    return searchTracks(ctx.deps.yandexMusic.client, token, query);
  }),
  // Download and add to the room, as durable jobs on this node.
  defineAction('yandexMusic.import', async (ctx, args) => {
    const view = await startImport(ctx.deps, viewerOf(ctx), args);
    publishImportChange(ctx, view);
    const adding = view.items.filter((item) => item.status !== 'failed').length;
    if (ctx.caller.userId) {
      void tellTracksAdded(ctx.deps, ctx.caller.userId, view.roomId, adding).catch((err: unknown) =>
        ctx.deps.log.error({ err }, 'room activity failed'),
      );
    }
    return view;
  }),
  defineQuery('yandexMusic.importStatus', async (ctx, { importId }) => {
    if (ctx.caller.userId) ctx.watch(TOPICS.imports(ctx.caller.userId));
    const view = await importStatus(ctx.deps, viewerOf(ctx), importId);
    ctx.watch(TOPICS.roomUsers(view.roomId));
    return view;
  }),
  defineQuery('yandexMusic.listImports', async (ctx, { roomId }) => {
    if (ctx.caller.userId) ctx.watch(TOPICS.imports(ctx.caller.userId));
    ctx.watch(TOPICS.roomUsers(roomId));
    return listImports(ctx.deps, viewerOf(ctx), roomId);
  }),
  defineMutation('yandexMusic.cancelImport', async (ctx, { importId }) => {
    const view = await cancelImport(ctx.deps, viewerOf(ctx), importId);
    publishImportChange(ctx, view);
    return view;
  }),
  // Failed tracks leave the importer's panel, and their failed rows the room.
  defineMutation('yandexMusic.removeFailed', async (ctx, { importId, itemIds }) => {
    const view = await removeFailedItems(ctx.deps, viewerOf(ctx), { importId, itemIds });
    publishImportChange(ctx, view);
    return view;
  }),
  defineAction('yandexMusic.retryImport', async (ctx, { token, importId, itemIds }) => {
    const view = await retryImport(ctx.deps, viewerOf(ctx), { token, importId, itemIds });
    publishImportChange(ctx, view);
    return view;
  }),
];
