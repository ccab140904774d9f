import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabase = { url: string; drop: () => Promise<void> };

/**
 * With a PostgreSQL server, each test app gets a database of its own so test files can run
 * in parallel; without one, the app keeps PGlite in memory. The database `serverUrl` names is
 * only where the others are made from, and is made itself when missing.
 */
export async function createTestDatabase(serverUrl: string | undefined): Promise<TestDatabase> {
  if (!serverUrl) return { url: ':memory:', drop: async () => {} };
  const name = `music_rooms_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      ),
  };
}

async function withAdmin(serverUrl: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = await connectMakingDatabase(serverUrl);
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's codes for a database that is not there, and for one made twice at once. */
const NO_SUCH_DATABASE = '3D000';
const DATABASE_EXISTS = '42P04';
const UNIQUE_VIOLATION = '23505';

/**
 * Connects to the database DATABASE_URL names, making it first when the server lacks it (through
 * the server's `postgres` database), so a fresh PostgreSQL server is all the suite needs.
 */
async function connectMakingDatabase(serverUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: serverUrl });
  try {
    await client.connect();
    return client;
  } catch (error) {
    if ((error as { code?: string }).code !== NO_SUCH_DATABASE) throw error;
  }
  const url = new URL(serverUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const maintenance = new pg.Client({ connectionString: url.toString() });
  await maintenance.connect();
  try {
    await maintenance.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } catch (error) {
    // Test files start in parallel: another may have made it a moment before.
    const code = (error as { code?: string }).code;
    if (code !== DATABASE_EXISTS && code !== UNIQUE_VIOLATION) throw error;
  } finally {
    await maintenance.end();
  }
  const retry = new pg.Client({ connectionString: serverUrl });
  await retry.connect();
  return retry;
}
