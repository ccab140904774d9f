// npm test: everything a change must pass — typecheck, lint, format, then the unit, integration
// and browser suites against a fresh build. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './build-steps.mjs';
import { summarize } from './vitest-summary.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

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

/** How long each step took, printed before the closing line. */
const durations = [];
function timed(step, command, args) {
  const start = performance.now();
  const status = run(command, args);
  durations.push(`  ${step.padEnd(40)} ${Math.round((performance.now() - start) / 1000)} s`);
  return status;
}

ensureChromium();
if (timed('check (typecheck, lint, format)', 'npm', ['run', '--silent', 'check']) !== 0) {
  process.exit(1);
}
if (timed('build', process.execPath, ['scripts/build.mjs', '--if-needed']) !== 0) process.exit(1);

const report = path.join(root, 'test-results/vitest.json');
fs.rmSync(report, { force: true });
const status = timed('unit, integration and browser suites', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);
console.log(['npm test steps:', ...durations].join('\n'));
console.log(summarize([report]));
process.exit(status);
