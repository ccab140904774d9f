import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { appRoot } from './paths';
import type { SwarmReport, SwarmRequest } from './socket-swarm';

const SCRIPT = path.join(appRoot, 'bench/src/lib/socket-swarm.ts');

type Swarm = { child: ChildProcess; reports: SwarmReport[]; waiters: (() => void)[] };

function start(): Swarm {
  const child = fork(SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const swarm: Swarm = { child, reports: [], waiters: [] };
  child.on('message', (report: SwarmReport) => {
    swarm.reports.push(report);
    for (const wake of swarm.waiters.splice(0)) wake();
  });
  return swarm;
}

/** The first report matching `pick`, waiting for it (at most `ms`). */
async function nextReport<T extends SwarmReport>(
  swarm: Swarm,
  pick: (report: SwarmReport) => report is T,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const failed = swarm.reports.find((r) => r.type === 'failed');
    if (failed && failed.type === 'failed') throw new Error(`swarm failed: ${failed.message}`);
    const index = swarm.reports.findIndex(pick);
    if (index >= 0) return swarm.reports.splice(index, 1)[0] as T;
    if (Date.now() > deadline) throw new Error('swarm did not report in time');
    await new Promise<void>((resolve) => {
      swarm.waiters.push(resolve);
      setTimeout(resolve, 100);
    });
  }
}

/**
 * `processes` swarms opening `count` connections between them to the app at `url`; when `follow`,
 * each follows the room's player. `heard(revision)` answers when every connection heard it.
 */
export async function openSwarms(options: {
  url: string;
  roomId: string;
  count: number;
  processes: number;
  follow: boolean;
}) {
  const swarms = Array.from({ length: options.processes }, start);
  const share = Math.ceil(options.count / options.processes);
  swarms.forEach((swarm, index) => {
    const count = Math.min(share, options.count - index * share);
    const request: SwarmRequest = { type: 'open', ...options, count };
    swarm.child.send(request);
  });
  const isOpened = (r: SwarmReport): r is Extract<SwarmReport, { type: 'opened' }> =>
    r.type === 'opened';
  await Promise.all(swarms.map((swarm) => nextReport(swarm, isOpened, 120_000)));
  return {
    async heard(revision: number): Promise<number[]> {
      const isHeard = (r: SwarmReport): r is Extract<SwarmReport, { type: 'heard' }> =>
        r.type === 'heard' && r.revision === revision;
      const reports = await Promise.all(swarms.map((swarm) => nextReport(swarm, isHeard, 30_000)));
      return reports.flatMap((report) => report.at);
    },
    async close(): Promise<void> {
      await Promise.all(
        swarms.map((swarm) => {
          const exited = new Promise((resolve) => swarm.child.once('exit', resolve));
          const request: SwarmRequest = { type: 'close' };
          swarm.child.send(request);
          return exited;
        }),
      );
    },
  };
}
