import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseOptions } from './index';

/** Where the settings say the database is: PostgreSQL, PGlite on disk, or PGlite in memory. */
export function databaseOptionsFromConfig(config: Config): DatabaseOptions {
  return {
    url: config.databaseUrl,
    dataDir: config.embeddedDb === 'memory' ? null : path.join(config.dataDir, 'db'),
    migrationsFolder: path.join(config.appRoot, 'server/drizzle'),
  };
}
