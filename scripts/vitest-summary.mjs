// Reads Vitest JSON reports and sums them into the one closing line a CI reads.
import fs from 'node:fs';

export function summarize(reportFiles) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const file of reportFiles) {
    if (!fs.existsSync(file)) {
      failed += 1;
      continue;
    }
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0);
    skipped += report.numPendingTests + report.numTodoTests;
  }
  return `Tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(summarize(process.argv.slice(2)));
}
