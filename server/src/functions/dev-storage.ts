import { requireSuperAdmin } from '../services/accounts/super-admin';
import {
  corsProbe,
  listObjects,
  presignObject,
  removeObject,
  storageInfo,
} from '../services/dev/storage-tools';
import { viewerOf } from './caller';
import { defineAction } from './define';

/** The object storage tools of the developer pages (spec §2); a super administrator's only. */
export const devStorageFunctions = [
  defineAction('devStorage.info', async (ctx) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return storageInfo(ctx.deps);
  }),
  defineAction('devStorage.list', async (ctx, { prefix, after }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return listObjects(ctx.deps, prefix, after);
  }),
  defineAction('devStorage.presign', async (ctx, { key }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return presignObject(ctx.deps, key);
  }),
  defineAction('devStorage.remove', async (ctx, { key }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    await removeObject(ctx.deps, key);
    return { removed: true as const };
  }),
  defineAction('devStorage.corsProbe', async (ctx) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return corsProbe(ctx.deps);
  }),
];
