import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '../lib/paths';
import { percentile, round } from '../lib/stats';
import type { Bench } from '../lib/types';

const RUNS = 3;

/** Time from `npm start` (already built) to the first 200 from /api/health. */
async function timeToHealthy(dataDir: string, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: appRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      if (performance.now() - started > 60_000)
        throw new Error('server did not become healthy in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

export const startupBench: Bench = {
  name: 'startup',
  description: 'npm start → first healthy answer (embedded database), new and existing data',
  run: async () => {
    const fresh: number[] = [];
    const reopen: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-'));
      const port = 39_100 + i;
      fresh.push(await timeToHealthy(dataDir, port));
      reopen.push(await timeToHealthy(dataDir, port));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    return {
      newDataMedianMs: round(percentile(fresh, 50)),
      existingDataMedianMs: round(percentile(reopen, 50)),
      runs: RUNS,
    };
  },
};
