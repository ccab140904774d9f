// npm test: everything a change must pass — typecheck, lint, format, then the unit, integration
// and browser suites against a fresh build. Ends with one "N passed, N failed" line.
//
// The journeys that play and measure audio leave most of a core idle while they wait for sound,
// yet cannot share the machine with other browsers: Chromium raises its own pages' priority, so
// two browsers at once skew what the audio journeys measure. They run first, at normal priority,
// beside the work that is Node alone (the check, the unit and integration suites) at the lowest
// priority, which the scheduler lets run only where the audio journeys leave a core free. The
// other journeys follow, once the audio ones are done.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './build-steps.mjs';
import { errorsFileOf } from './vitest-errors-reporter.mjs';
import { summarize } from './vitest-summary.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Vitest's own lines, its JSON report, and the errors that report leaves out, beside it. */
const REPORTERS = [
  '--reporter=default',
  '--reporter=json',
  '--reporter=./scripts/vitest-errors-reporter.mjs',
];

/** Where each run's Vitest report goes (`.ci/run` reads the same files). */
const REPORTS = {
  audio: 'test-results/vitest-audio.json',
  nodeSuites: 'test-results/vitest.json',
  journeys: 'test-results/vitest-journeys.json',
};

/**
 * The browser suite drives an installed Chromium; `npm test` installs nothing on the machine,
 * so without one it stops before anything runs and says what to install.
 */
function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  console.error(
    `The browser tests need Chromium at ${chromium}.\n` +
      'Install the `chromium` package (Debian/Ubuntu), or point CHROMIUM_PATH' +
      ' at a Chromium binary, then run `npm test` again.',
  );
  process.exit(1);
}

/**
 * Starts a command. `background` gives it (and what it starts) the lowest CPU priority; `quiet`
 * keeps its output until `printOutput`, so two runs at once do not interleave their lines.
 */
function start(command, args, { background = false, quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: process.env,
  });
  // Set before the child has loaded anything, so every process it starts inherits it.
  if (background && child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const status = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { child, status, printOutput: () => process.stdout.write(Buffer.concat(output)) };
}

/** How long each step took, printed before the closing line. */
const durations = [];
async function timed(step, started) {
  const begin = performance.now();
  const status = await started.status;
  durations.push(`  ${step.padEnd(52)} ${Math.round((performance.now() - begin) / 1000)} s`);
  return status;
}

function vitest(projects, report, options) {
  fs.rmSync(path.join(root, report), { force: true });
  fs.rmSync(path.join(root, errorsFileOf(report)), { force: true });
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const args = ['vitest', 'run', ...projectArgs, ...REPORTERS];
  return start('npx', [...args, `--outputFile.json=${report}`], options);
}

ensureChromium();
// The audio journeys serve the built app, so the build comes first.
if ((await timed('build', start(process.execPath, ['scripts/build.mjs', '--if-needed']))) !== 0) {
  process.exit(1);
}
const audio = vitest(['e2e-audio'], REPORTS.audio, { quiet: true });
const audioStatus = timed('browser journeys that play audio', audio);

const check = start('npm', ['run', '--silent', 'check'], { background: true });
if ((await timed('check (typecheck, lint, format), beside them', check)) !== 0) {
  audio.child.kill();
  process.exit(1);
}
const nodeSuites = vitest(['unit', 'integration'], REPORTS.nodeSuites, { background: true });
const statuses = [await timed('unit and integration suites, beside them', nodeSuites)];

statuses.push(await audioStatus);
console.log('\nThe browser journeys that play audio:');
audio.printOutput();
const journeys = vitest(['e2e'], REPORTS.journeys);
statuses.push(await timed('the other browser journeys', journeys));

console.log(['npm test steps:', ...durations].join('\n'));
console.log(summarize(Object.values(REPORTS).map((report) => path.join(root, report))));
process.exit(statuses.every((status) => status === 0) ? 0 : 1);
