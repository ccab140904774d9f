import { requireSuperAdmin } from '../services/accounts/super-admin';
import { migrationStatus, runPendingMigrations } from '../services/dev/migrations';
import { viewerOf } from './caller';
import { defineAction } from './define';

/** The migration tool of the developer pages (spec §2); a super administrator's only. */
export const devMigrationFunctions = [
  defineAction('devMigrations.status', async (ctx) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return migrationStatus(ctx.deps);
  }),
  defineAction('devMigrations.run', async (ctx) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return runPendingMigrations(ctx.deps);
  }),
];
