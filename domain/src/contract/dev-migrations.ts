import { z } from 'zod';
import type { DevMigrationStatus } from '../dev-migrations';
import { action } from './define';

/** The devMigrations.* functions of /dev/debug-migration; "not found" for all but super admins. */
export const DEV_MIGRATION_FUNCTIONS = {
  /** Every migration with whether it is applied, and the live schema's drift from the code's. */
  'devMigrations.status': action(z.object({})).returns<DevMigrationStatus>(),
  /** Applies the pending migrations (one node at a time), then answers the new status. */
  'devMigrations.run': action(z.object({ confirm: z.literal(true) })).returns<DevMigrationStatus>(),
} as const;
