import type { DevMigrationStatus } from '@music-rooms/domain';
import { applyMigrations, migrationEntries, schemaDrift } from '../../db/migrations';
import { databaseOptionsFromConfig } from '../../db/options';
import type { RequestDeps } from '../deps';

type Deps = Pick<RequestDeps, 'db' | 'config'>;

const engineOf = (deps: Deps): DevMigrationStatus['engine'] =>
  deps.config.databaseUrl ? 'postgres' : 'pglite';
const folderOf = (deps: Deps) => databaseOptionsFromConfig(deps.config).migrationsFolder;

/** What /dev/debug-migration shows: every migration, applied or not, and the schema's drift. */
export async function migrationStatus(deps: Deps): Promise<DevMigrationStatus> {
  const [entries, drift] = await Promise.all([
    migrationEntries(deps.db, folderOf(deps)),
    schemaDrift(deps.db),
  ]);
  return {
    engine: engineOf(deps),
    migrations: entries.map(({ tag, createdAt, appliedAt }) => ({
      tag,
      createdAt,
      applied: appliedAt !== null,
    })),
    drift,
  };
}

/** Applies what is pending (a node started before new migrations arrived), then reads again. */
export async function runPendingMigrations(deps: Deps): Promise<DevMigrationStatus> {
  await applyMigrations(deps.db, engineOf(deps), folderOf(deps));
  return migrationStatus(deps);
}
