// Prints one closing line over every runner's results: 'tests: N passed, N failed', preceded by the name and first
// message line of every failed test, so the end of a long CI log says which tests failed (the runners' own reports
// of them are thousands of lines earlier).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: string[] = [];

const firstLine = (text: unknown) =>
  String(text ?? '')
    // Terminal colours from the runners' messages.
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line.length > 0) ?? '';

interface VitestAssertion {
  fullName: string;
  status: string;
  duration?: number;
  failureMessages?: string[];
}
interface VitestFile {
  name: string;
  status: string;
  message?: string;
  assertionResults: VitestAssertion[];
}

if (existsSync('test-reports/vitest.json')) {
  const v = JSON.parse(readFileSync('test-reports/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  for (const file of v.testResults as VitestFile[]) {
    const where = relative(process.cwd(), file.name);
    for (const test of file.assertionResults) {
      // The duration tells a timeout apart: vitest's JSON reports one as a bare STACK_TRACE_ERROR.
      const took = test.duration === undefined ? '' : ` (after ${(test.duration / 1000).toFixed(1)} s)`;
      if (test.status === 'failed') failures.push(`vitest ${where} › ${test.fullName}${took}: ${firstLine(test.failureMessages?.[0])}`);
    }
    // A file that failed before any test ran (an import or a hook) has no failed test of its own.
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')) {
      failures.push(`vitest ${where}: ${firstLine(file.message)}`);
    }
  }
}

interface PlaywrightSpec {
  title: string;
  file: string;
  tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[];
}
interface PlaywrightSuite {
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
function playwrightFailures(suite: PlaywrightSuite) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== 'unexpected') continue;
      const error = test.results.find((result) => result.error)?.error?.message;
      failures.push(`playwright [${test.projectName}] ${spec.file} › ${spec.title}: ${firstLine(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child);
}

// The end-to-end suite's two halves (scripts/test.sh runs the second on a stack of its own).
for (const report of ['test-reports/playwright.json', 'test-reports/playwright-b.json']) {
  if (!existsSync(report)) continue;
  const p = JSON.parse(readFileSync(report, 'utf8'));
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected;
  skipped += p.stats.skipped;
  for (const suite of p.suites ?? []) playwrightFailures(suite);
}
if (passed + failed === 0) {
  console.error('No test results found');
  process.exit(1);
}
if (failures.length > 0) {
  console.log(`failed (${failures.length}):`);
  for (const failure of failures) console.log(`  ✘ ${failure.length > 400 ? `${failure.slice(0, 400)}…` : failure}`);
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
