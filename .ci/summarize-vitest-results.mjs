// Prints the CI summary "N passed, N failed" (last line) from vitest 4's JSON reporter output, preceded by one
// line per failed suite that has no failed test, so such a failure is named, not just counted.
// Usage: node .ci/summarize-vitest-results.mjs <results.json> <vitest exit status>
//
// Why not numFailedTests alone: vitest 4 marks the tests of a suite whose beforeAll throws `skipped`, and a file
// that fails to import has no tests, so both leave numFailedTests at 0 (test/fixtures/vitest-json/README.md).
// numFailedTestSuites cannot be added either: it counts files and describe blocks, including those that failed
// only because a test in them did. So: failed tests, plus each file (testResults[]) marked failed with no failed
// test in it. A file with a failed test and a failed hook counts its failed tests only; the exit status still fails.
import { readFileSync } from 'node:fs';

/** @param {any} results vitest's JSON report; @param {number} exitStatus vitest's exit status */
export function summarizeVitestResults(results, exitStatus) {
  const notes = [];
  let failed = results.numFailedTests;
  for (const file of results.testResults) {
    const hasFailedTest = file.assertionResults.some((assertion) => assertion.status === 'failed');
    if (file.status === 'failed' && !hasFailedTest) {
      failed += 1;
      notes.push(`failed suite: ${file.name}: ${file.message || 'a hook or describe block failed (see the log above)'}`);
    }
  }
  if (exitStatus !== 0 && failed === 0) {
    // An error thrown outside any test: vitest exits 1 and writes success: true.
    failed = 1;
    notes.push(`vitest exited ${exitStatus} with no failed test or suite in its results: an unhandled error or a crash (see the log above)`);
  }
  return { passed: results.numPassedTests, failed, notes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [resultsFile, exitStatus] = process.argv.slice(2);
  const summary = summarizeVitestResults(JSON.parse(readFileSync(resultsFile, 'utf8')), Number(exitStatus ?? 0));
  for (const note of summary.notes) console.log(note);
  console.log(`${summary.passed} passed, ${summary.failed} failed`);
}
