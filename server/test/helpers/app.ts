import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { FunctionDefinition } from '../../src/functions';
import { createTestDatabase } from './database';

/** One line the server logged, as pino wrote it. */
export type LogRecord = { level: number; msg?: string; [field: string]: unknown };

export type TestApp = {
  app: FastifyInstance;
  url: string;
  config: Config;
  /** What the server logged (info and above), when started with `captureLogs`. */
  logs: LogRecord[];
  close: () => Promise<void>;
};

export type TestAppOptions = {
  /** Functions of the test's own, registered through buildApp like the app's. */
  functions?: readonly FunctionDefinition[];
  captureLogs?: boolean;
  /** Settings no environment variable sets, such as where the built web app is. */
  config?: Partial<Config>;
  /** Hears every route the app adds (method, url, schema). */
  onRoute?: BuildAppOptions['onRoute'];
};

/**
 * Starts the real app on an ephemeral port. The database is in-memory PGlite, or a fresh
 * database on the PostgreSQL server when DATABASE_URL is set (CI runs the suite both ways).
 * With REDIS_URL, each app gets a Redis prefix of its own unless `env` names one, so test
 * files running in parallel do not hear each other's topics.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = env.DATABASE_URL
    ? { url: env.DATABASE_URL, drop: async () => {} }
    : await createTestDatabase(process.env.DATABASE_URL);
  const redis = process.env.REDIS_URL
    ? { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: randomRedisPrefix() }
    : {};
  // Stored files and uploads go to a folder of the app's own unless the test names one.
  const ownDataDir = env.DATA_DIR
    ? null
    : fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-app-'));
  const config = {
    ...loadConfig({
      LOG_LEVEL: options.captureLogs ? 'info' : 'silent',
      ...redis,
      ...(ownDataDir ? { DATA_DIR: ownDataDir } : {}),
      ...env,
      DATABASE_URL: database.url,
      PORT: '0',
    }),
    ...options.config,
  };
  const logs: LogRecord[] = [];
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line) as LogRecord) };
  const app = await buildApp(config, {
    logger: options.captureLogs ?? false,
    functions: options.functions ?? [],
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.captureLogs ? { logStream } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Ready as the server it stands for: its background work has started (timers armed).
  await app.backgroundWork.started;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    config,
    logs,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.drop();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

export function randomRedisPrefix(): string {
  return `music-rooms-test-${randomBytes(6).toString('hex')}`;
}
