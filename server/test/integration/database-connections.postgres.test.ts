import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { callFunction } from '../helpers/http';
import { noteFunctions } from '../helpers/notes';

// PostgreSQL may restart or a proxy may cut idle connections: the server logs it and carries on.
describe('PostgreSQL connections lost under the server', () => {
  let database: TestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    t = await startTestApp({ DATABASE_URL: database.url }, { functions: noteFunctions });
  });
  afterAll(async () => {
    await t.close();
    await database.drop();
  });

  it('keeps answering after every idle connection is terminated', async () => {
    const set = await callFunction(t, 'mutation', 'notes.set', { name: 'n', value: 'before' });
    expect(set.status).toBe(200);
    expect(await terminateConnections(database.url)).toBeGreaterThan(0);
    // Give the pool time to hear the terminations on its idle connections.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const get = await callFunction(t, 'query', 'notes.get', { name: 'n' });
    expect(get).toEqual({ status: 200, body: expect.objectContaining({ value: 'before' }) });
  });
});

/** Ends every other session on the test database, as a PostgreSQL restart would. */
async function terminateConnections(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return result.rowCount ?? 0;
  } finally {
    await client.end();
  }
}
