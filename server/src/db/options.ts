import path from 'node:path';
import type { Config } from '../config';
import type { DatabaseOptions } from './index';

/** Where the settings say the database is: PostgreSQL, PGlite on disk, or PGlite in memory. */
export function databaseOptionsFromConfig(config: Config): DatabaseOptions {
  const onDisk = config.databaseUrl === null && config.embeddedDb === 'disk';
  return {
    url: config.databaseUrl,
    dataDir: onDisk ? path.join(config.dataDir, 'db') : null,
    lockDir: onDisk ? config.dataDir : null,
    migrationsFolder: path.join(config.appRoot, 'server/drizzle'),
  };
}
