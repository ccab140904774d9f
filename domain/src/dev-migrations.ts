/**
 * The database's migrations as /dev/debug-migration shows them (spec §2): each migration the
 * code has and whether the database applied it, and what of the live schema differs from what
 * the code expects. A super administrator's only.
 */

export type DevMigration = {
  tag: string;
  /** When drizzle-kit wrote it (epoch ms), which is also how the database records it. */
  createdAt: number;
  applied: boolean;
};

export type DevSchemaDrift = {
  table: string;
  /** Null when the whole table is missing. */
  column: string | null;
  problem: DevDriftProblem;
  /** For a type that differs: the live column's and the one the code expects. */
  actual?: string;
  expected?: string;
};

/** How a live table or column differs from the schema the code expects. */
export type DevDriftProblem =
  | 'missingTable'
  | 'missingColumn'
  | 'unknownColumn'
  | 'wrongType'
  /** Allows NULL where the code expects NOT NULL. */
  | 'nullAllowed'
  /** NOT NULL where the code expects NULL to be allowed. */
  | 'notNull';

export type DevMigrationStatus = {
  engine: 'pglite' | 'postgres';
  migrations: DevMigration[];
  drift: DevSchemaDrift[];
};
