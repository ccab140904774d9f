import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOM_TIMINGS } from '../../src/config';
import { roomAccessTokens } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { factories } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';

const PERIOD_MS = 250;
/** The earliest a claim may follow the last one (cleanup-schedule.ts allows a tenth early). */
const MIN_GAP_MS = PERIOD_MS - Math.floor(PERIOD_MS / 10);
const REMOVED_MSG = 'expired room access tokens removed';

type SweepEvent = { node: string; kind: 'attempt' | 'claim'; value: string | null };

/**
 * Triggers on the shared app_settings table that write down every claim attempt (each UPDATE
 * statement, whether or not it matched) and every claim (each updated sweep row), with the
 * node that made it: each node's connections carry its name as application_name.
 */
const RECORD_SWEEPS = `
  CREATE TABLE test_sweep_log (id serial PRIMARY KEY, node text, kind text, value text);
  CREATE FUNCTION test_log_sweep() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO test_sweep_log (node, kind, value) VALUES (
      current_setting('application_name'),
      CASE WHEN TG_LEVEL = 'ROW' THEN 'claim' ELSE 'attempt' END,
      CASE WHEN TG_LEVEL = 'ROW' THEN NEW.value END);
    RETURN NULL;
  END $$;
  CREATE TRIGGER test_sweep_attempt AFTER UPDATE ON app_settings
    FOR EACH STATEMENT EXECUTE FUNCTION test_log_sweep();
  CREATE TRIGGER test_sweep_claim AFTER UPDATE ON app_settings
    FOR EACH ROW WHEN (NEW.key = 'rooms.tokenCleanupAt') EXECUTE FUNCTION test_log_sweep();
`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Two nodes sharing one PostgreSQL and one Redis, with a sweep period of a quarter second:
// both run the timer, one of them deletes per period, and the other carries on alone.
describe('the expired-token sweep across nodes', () => {
  let database: TestDatabase;
  let watcher: pg.Client;
  let nodeA: TestApp;
  let nodeB: TestApp;
  let nodeAClosed = false;

  const start = (name: string, redisPrefix: string) => {
    const url = new URL(database.url);
    url.searchParams.set('application_name', name);
    const rooms = { ...DEFAULT_ROOM_TIMINGS, tokenCleanupIntervalMs: PERIOD_MS };
    return startTestApp(
      { DATABASE_URL: url.toString(), REDIS_PREFIX: redisPrefix },
      { captureLogs: true, config: { rooms } },
    );
  };

  /** What the nodes did since the last call. */
  async function takeEvents(): Promise<SweepEvent[]> {
    const { rows } = await watcher.query<SweepEvent>(
      'WITH taken AS (DELETE FROM test_sweep_log RETURNING *) SELECT node, kind, value FROM taken ORDER BY id',
    );
    return rows;
  }

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    const redisPrefix = randomRedisPrefix();
    // Node A migrates the database; the triggers go in before node B starts.
    nodeA = await start('node-a', redisPrefix);
    watcher = new pg.Client({ connectionString: database.url });
    await watcher.connect();
    await watcher.query(RECORD_SWEEPS);
    nodeB = await start('node-b', redisPrefix);
  });

  afterAll(async () => {
    await watcher?.end();
    if (!nodeAClosed) await nodeA?.close();
    await nodeB?.close();
    await database?.drop();
  });

  it('claims the sweep once per period while both nodes try, and deletes expired passes once', async () => {
    const { user } = await factories(nodeA).user({ password: null });
    const room = await createRoom(nodeA, { owner: user, password: 'pw' });
    await takeEvents();
    const expired = new Date(Date.now() - 1000);
    await nodeB.app.database.db.insert(roomAccessTokens).values(
      ['x1', 'x2', 'x3'].map((tokenHash) => ({
        tokenHash,
        roomId: room.id,
        sessionId: 's',
        expiresAt: expired,
      })),
    );
    const windowMs = 10 * PERIOD_MS;
    await sleep(windowMs);
    const events = await takeEvents();

    // Both timers run: each node tries to claim about once a period.
    const attempts = (node: string) =>
      events.filter((e) => e.kind === 'attempt' && e.node === node).length;
    expect(attempts('node-a')).toBeGreaterThanOrEqual(5);
    expect(attempts('node-b')).toBeGreaterThanOrEqual(5);
    // One of them wins each period: claims never come closer than the period allows, so there
    // are about half as many claims as attempts (two nodes sweeping would claim on every one).
    const claims = events.filter((e) => e.kind === 'claim').map((e) => Number(e.value));
    expect(claims.length).toBeGreaterThanOrEqual(5);
    expect(claims.length).toBeLessThanOrEqual(Math.floor(windowMs / MIN_GAP_MS) + 1);
    for (let i = 1; i < claims.length; i++) {
      expect(claims[i]! - claims[i - 1]!).toBeGreaterThanOrEqual(MIN_GAP_MS);
    }
    // The expired passes went in one delete, logged by the node that swept.
    const { rows } = await watcher.query('SELECT 1 FROM room_access_tokens');
    expect(rows).toHaveLength(0);
    const removals = [...nodeA.logs, ...nodeB.logs].filter((line) => line.msg === REMOVED_MSG);
    expect(removals.map((line) => line.removed)).toEqual([3]);
  });

  it('keeps sweeping on the other node when one stops', async () => {
    await nodeA.close();
    nodeAClosed = true;
    await takeEvents();
    await sleep(6 * PERIOD_MS);
    const claims = (await takeEvents()).filter((e) => e.kind === 'claim');
    expect(claims.length).toBeGreaterThanOrEqual(3);
    expect(new Set(claims.map((e) => e.node))).toEqual(new Set(['node-b']));
  });
});
