import type { Database } from './index';

/**
 * Runs writes that belong together in one transaction: all of them happen or none does (a
 * throw inside `work` rolls every one back and reaches the caller). Called inside another
 * transaction, it becomes a savepoint of that one.
 *
 * Every query of `work` must go through `tx`: PGlite has a single connection, so a query
 * through the outer `db` would wait for the very transaction that waits for it.
 */
export function inTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
