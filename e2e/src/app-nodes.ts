import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomRedisPrefix } from '../../server/test/helpers/app';
import { createTestDatabase } from '../../server/test/helpers/database';
import { startServer, type E2EServer } from './harness';

/** Two app nodes behind one site, and what closes them and their data. */
export type AppNodes = { nodes: [E2EServer, E2EServer]; close: () => Promise<void> };

/**
 * Two nodes as README "Several nodes" runs them: one fresh database on the PostgreSQL server of
 * DATABASE_URL, one Redis (REDIS_URL, under a prefix of their own) and one data folder, and
 * `env`'s settings on both (the same bucket, the site's address...).
 */
export async function startAppNodes(env: Record<string, string> = {}): Promise<AppNodes> {
  const { DATABASE_URL, REDIS_URL } = process.env;
  if (!DATABASE_URL || !REDIS_URL) throw new Error('Two nodes need DATABASE_URL and REDIS_URL.');
  const database = await createTestDatabase(DATABASE_URL);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-nodes-'));
  const shared = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: randomRedisPrefix(),
    DATA_DIR: dataDir,
    ...env,
  };
  const first = await startServer(shared);
  const second = await startServer(shared);
  return {
    nodes: [first, second],
    close: async () => {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
