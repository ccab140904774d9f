// A Vitest reporter for what its JSON report leaves out: errors thrown outside any test (Vitest
// names the file and test that were running), and each failed test's own message. In the JSON
// report a timed-out test's reason starts with Vitest's placeholder stack, not with "Test timed
// out in …". It writes them beside the JSON report (`….errors.json`), for `vitest-summary.mjs`.
import fs from 'node:fs';
import path from 'node:path';

/** How many lines of an error's stack are kept: enough to find where it was thrown. */
const STACK_LINES = 6;

/** The errors file that goes with a JSON report. */
export function errorsFileOf(reportFile) {
  return reportFile.replace(/\.json$/, '') + '.errors.json';
}

function stackOf(error) {
  return String(error?.stack ?? '')
    .split('\n')
    .slice(1, STACK_LINES + 1)
    .map((line) => line.trim());
}

function unhandledOf(error) {
  return {
    file: error?.VITEST_TEST_PATH ? path.relative(process.cwd(), error.VITEST_TEST_PATH) : null,
    test: error?.VITEST_TEST_NAME ?? null,
    message: String(error?.message ?? error),
    stack: stackOf(error),
  };
}

function failedTestsOf(testModules) {
  const failed = [];
  for (const testModule of testModules) {
    for (const testCase of testModule.children.allTests('failed')) {
      const error = testCase.result().errors?.[0];
      failed.push({
        file: path.relative(process.cwd(), testModule.moduleId),
        test: testCase.fullName,
        message: String(error?.message ?? ''),
      });
    }
  }
  return failed;
}

export default class ErrorsReporter {
  onInit(vitest) {
    const outputFile = vitest.config.outputFile;
    const report = typeof outputFile === 'string' ? outputFile : outputFile?.json;
    this.file = report ? path.resolve(vitest.config.root, errorsFileOf(report)) : null;
  }

  onTestRunEnd(testModules, unhandledErrors) {
    if (!this.file) return;
    const errors = {
      unhandled: unhandledErrors.map(unhandledOf),
      failedTests: failedTestsOf(testModules),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, JSON.stringify(errors, null, 2));
  }
}
