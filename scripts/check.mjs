// npm run check: the type check, lint and format check, side by side, and whether every bench
// loads (they run outside Vitest, so a module of theirs that needs it fails only there). Each is
// one process on one core and none needs another's result, so together they take about as long
// as the type check alone. Each step's output is printed whole when it ends, with whether it
// passed.
import { spawn } from 'node:child_process';
import { root } from './build-steps.mjs';

const STEPS = [
  ['typecheck', ['run', '--silent', 'typecheck']],
  ['lint', ['run', '--silent', 'lint']],
  ['format', ['run', '--silent', 'format:check']],
  // Its list is printed only when it fails: then it is the reason.
  ['benches', ['exec', '--silent', '--', 'tsx', 'bench/src/run.ts', '--list'], { quiet: true }],
];

/** Runs one npm script, keeping its output (both streams, in order) until it ends. */
function runStep([name, args, { quiet = false } = {}]) {
  const start = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - start) / 1000);
      const verdict = code === 0 ? 'passed' : 'FAILED';
      if (output.trim() && !(quiet && code === 0)) console.log(output.trimEnd());
      console.log(`${name} ${verdict} (${seconds} s)`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(STEPS.map(runStep));
process.exit(results.every(Boolean) ? 0 : 1);
