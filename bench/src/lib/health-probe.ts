import { spawn } from 'node:child_process';
import { percentile, round } from './stats';

/** The pause between two health requests: a load balancer's probe, only much more often. */
const PAUSE_MS = 10;

/**
 * The probe itself, run in a process of its own so that the load's own client work does not
 * delay it: GET the URL one request after another, and print each latency on a line.
 */
const PROBE = `
const url = process.argv[1];
for (;;) {
  const begin = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) { console.error(url + ' answered ' + res.status); process.exit(1); }
  console.log(performance.now() - begin);
  await new Promise((resolve) => setTimeout(resolve, ${PAUSE_MS}));
}`;

/**
 * Asks GET /api/health from another process until stopped; then tells how long the answers
 * took. Run beside a load, it shows whether the server still answers at once what costs it
 * nothing.
 */
export function probeHealth(url: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      const latencies = output
        .split('\n')
        .filter((line) => line !== '')
        .map(Number);
      return {
        healthRequests: latencies.length,
        healthP50Ms: round(percentile(latencies, 50)),
        healthP99Ms: round(percentile(latencies, 99)),
      };
    },
  };
}
