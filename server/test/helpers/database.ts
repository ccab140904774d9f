import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDatabase = { url: string; drop: () => Promise<void> };

/**
 * With a PostgreSQL server, each test app gets a database of its own so test files can run
 * in parallel; without one, the app keeps PGlite in memory.
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
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
