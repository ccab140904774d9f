import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, type E2EServer } from './harness';
import { runBuiltServer, type ServerProcess } from './server-process';

/**
 * The built server on an address and a data folder (the embedded database on disk) that stay
 * the same across its stops and starts, so pages left open find it again by themselves.
 */
export type LastingServer = E2EServer & {
  /** Stops the process with the signal (SIGKILL: a crash); answers its exit code. */
  stop: (signal: 'SIGTERM' | 'SIGKILL') => Promise<number | null>;
  /** Starts it again on the same address and data. */
  start: () => Promise<void>;
};

export async function startLastingServer(): Promise<LastingServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-lasting-'));
  const port = await freePort();
  // The embedded database, whatever DATABASE_URL or REDIS_URL the environment has.
  const env = { DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: '', REDIS_URL: '' };
  let running: ServerProcess | null = null;
  const start = async () => {
    running = await runBuiltServer(env);
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL') => {
    const current = running;
    running = null;
    if (!current) return null;
    current.child.kill(signal);
    return current.exited;
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    start,
    stop,
    close: async () => {
      await stop('SIGTERM');
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
