// Reads Vitest JSON reports and sums them into the one closing line a CI reads, after the names
// of whatever failed (a CI log is often read from its end only).
import fs from 'node:fs';
import path from 'node:path';
import { errorsFileOf } from './vitest-errors-reporter.mjs';

/** The errors the reporter in `vitest-errors-reporter.mjs` kept beside a report, if it ran. */
function errorsBeside(reportFile) {
  const file = errorsFileOf(reportFile);
  if (!fs.existsSync(file)) return { unhandled: [], failedTests: [] };
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/**
 * Whether two full names are one test's: the JSON report joins a test's describe blocks and its
 * own name with spaces, Vitest's reporter API (the errors file) with " > ".
 */
const sameTest = (kept, reported) => kept.replaceAll(' > ', ' ') === reported;

/**
 * "file › test name: first line of the reason" for each failed test of a report, and
 * "file: reason" for each file that failed outside its tests (it did not load, a hook threw).
 * The reason is the test's own message where the errors file has it (a timeout's, say).
 */
function failuresOf(report, errors) {
  const lines = [];
  let files = 0;
  for (const suite of report.testResults ?? []) {
    const file = path.relative(process.cwd(), suite.name ?? '');
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const kept = errors.failedTests.find(
        (f) => f.file === file && sameTest(f.test, test.fullName),
      );
      const reason = (kept?.message || String(test.failureMessages?.[0] ?? '')).split('\n')[0];
      lines.push(`FAILED ${file} › ${test.fullName}: ${reason.slice(0, 300)}`);
    }
    if (suite.status === 'failed' && failedTests.length === 0) {
      files += 1;
      lines.push(
        `FAILED ${file}: ${String(suite.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return { lines, files };
}

/** An error thrown outside any test, with where Vitest saw it and where it was thrown. */
function unhandledLines(error) {
  const where = [error.file, error.test].filter(Boolean).join(' › ') || 'no test running';
  return [
    `ERROR outside a test (${where}): ${error.message.split('\n')[0].slice(0, 300)}`,
    ...error.stack.map((line) => `    ${line}`),
  ];
}

export function summarize(reportFiles) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let outside = 0;
  const failures = [];
  for (const file of reportFiles) {
    if (!fs.existsSync(file)) {
      failed += 1;
      failures.push(`FAILED ${file}: no report (the run stopped before writing it)`);
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    const errors = errorsBeside(file);
    const { lines, files } = failuresOf(report, errors);
    // The report's own suite count would also count every describe block around a failed test.
    failed += report.numFailedTests + files;
    skipped += report.numPendingTests + report.numTodoTests;
    outside += errors.unhandled.length;
    failures.push(...lines, ...errors.unhandled.flatMap(unhandledLines));
  }
  const counts = [
    `${passed} passed`,
    `${failed} failed`,
    ...(skipped ? [`${skipped} skipped`] : []),
    ...(outside ? [`${outside} ${outside === 1 ? 'error' : 'errors'} outside a test`] : []),
  ];
  const total = `Tests: ${counts.join(', ')}`;
  return [...failures, total].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(summarize(process.argv.slice(2)));
}
