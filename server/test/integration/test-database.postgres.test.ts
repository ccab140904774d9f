import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/database';

/** DATABASE_URL with another database name: one the server does not have yet. */
function urlOfMissingDatabase(): { url: string; name: string } {
  const name = `music_rooms_missing_${randomBytes(6).toString('hex')}`;
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

async function selectOne(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SELECT 1 AS one')).rows[0];
  } finally {
    await client.end();
  }
}

// The suite needs only a PostgreSQL server: the database DATABASE_URL names is made when missing.
describe('the test databases on a PostgreSQL server', () => {
  const made: string[] = [];
  afterAll(async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    for (const name of made) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });

  it('are made even when the database DATABASE_URL names does not exist yet, by several at once', async () => {
    const missing = urlOfMissingDatabase();
    made.push(missing.name);
    const databases = await Promise.all([
      createTestDatabase(missing.url),
      createTestDatabase(missing.url),
    ]);
    for (const database of databases) {
      expect(await selectOne(database.url)).toEqual({ one: 1 });
      await database.drop();
    }
    expect(await selectOne(missing.url)).toEqual({ one: 1 });
  });
});
