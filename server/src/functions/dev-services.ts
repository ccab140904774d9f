import { requireSuperAdmin } from '../services/accounts/super-admin';
import { compareArtists } from '../services/dev/artist-comparison';
import {
  probeAccount,
  probeDownload,
  probeLink,
  probeSearch,
} from '../services/dev/service-probes';
import { viewerOf } from './caller';
import { defineAction } from './define';

/**
 * The streaming service and Spotify on the developer pages (spec §2); a super administrator's
 * only. The token comes with each call from the page and is kept nowhere.
 */
export const devServiceFunctions = [
  defineAction('devServices.account', async (ctx, { token }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return probeAccount(ctx.deps.yandexMusic.client, token);
  }),
  defineAction('devServices.resolve', async (ctx, { token, url }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return probeLink(ctx.deps.yandexMusic.client, token, url);
  }),
  defineAction('devServices.search', async (ctx, { token, query }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return probeSearch(ctx.deps.yandexMusic.client, token, query);
  }),
  defineAction('devServices.downloadInfo', async (ctx, { token, trackId, scheme }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return probeDownload(ctx.deps.yandexMusic.client, token, trackId, scheme);
  }),
  defineAction('devServices.compareArtists', async (ctx, { name, token }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return compareArtists(ctx.deps, name, token ?? null);
  }),
];
