import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

/**
 * A fixed load beside what is measured: one Node child process per logical core
 * (`os.availableParallelism()`), each spinning an empty loop at the default priority until
 * stopped. The machine is as busy as it can be, the same way on every run.
 */
export type CpuHog = { processes: number; stop: () => Promise<void> };

export function startCpuHog(processes = os.availableParallelism()): CpuHog {
  const children: ChildProcess[] = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  return {
    processes,
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}

/** The 1-minute load average, as `uptime` prints it. */
export const loadNow = () => os.loadavg()[0]!.toFixed(2);
